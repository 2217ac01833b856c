"use client";

import { CachingSection, MetadataSection, OtherSection, ServerToolLimitsSection } from "./more-sections";
import { OutputSection } from "./output-section";
import { PluginsSection } from "./plugins-section";
import { RoutingSection } from "./routing-section";
import { ToolsSection } from "./tools-section";

/**
 * The editor's sections below the fold, from Output on: a chunk of their own (with the contract's lists of
 * tools, plugins and engines), fetched as soon as the editor shows, while the sections above it are in use.
 */
export default function LowerSections() {
  return (
    <>
      <OutputSection />
      <ToolsSection />
      <RoutingSection />
      <PluginsSection />
      <CachingSection />
      <ServerToolLimitsSection />
      <MetadataSection />
      <OtherSection />
    </>
  );
}
