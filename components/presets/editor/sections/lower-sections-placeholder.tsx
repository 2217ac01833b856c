import { Skeleton } from "@/components/ui/skeleton";
import { EDITOR_SECTIONS, EditorSection } from "../section";

/** The first section of ./lower-sections, the chunk of the sections below the fold. */
const FIRST_LOWER_SECTION = "output";
const LOWER_SECTIONS = EDITOR_SECTIONS.slice(EDITOR_SECTIONS.findIndex((section) => section.id === FIRST_LOWER_SECTION));

/**
 * The sections below the fold while their code loads: each with its heading and anchor (the section links work),
 * marked busy, its fields a grey block.
 */
export function LowerSectionsPlaceholder() {
  return LOWER_SECTIONS.map((section) => (
    <div key={section.id} aria-busy="true">
      <EditorSection id={section.id} title={section.title}>
        <Skeleton className="h-24 w-full" />
      </EditorSection>
    </div>
  ));
}
