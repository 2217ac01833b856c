import { Skeleton } from "@/components/ui/skeleton";
import { EDITOR_SECTION_IDS, EditorSection } from "../section";

/** The first section of ./lower-sections, the chunk of the sections below the fold. */
const FIRST_LOWER_SECTION = "output";
const LOWER_SECTIONS = EDITOR_SECTION_IDS.slice(EDITOR_SECTION_IDS.indexOf(FIRST_LOWER_SECTION));

/**
 * The sections below the fold while their code loads: each with its heading and anchor (the section links work),
 * marked busy, its fields a grey block.
 */
export function LowerSectionsPlaceholder() {
  return LOWER_SECTIONS.map((id) => (
    <div key={id} aria-busy="true">
      <EditorSection id={id}>
        <Skeleton className="h-24 w-full" />
      </EditorSection>
    </div>
  ));
}
