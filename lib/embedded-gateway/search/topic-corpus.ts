import type { CorpusDocument } from "./corpus-types";

/**
 * Sources for the question the seeded web-research preset asks ("What is keyset pagination?").
 * The installed READMEs barely mention it, so without these every version of that preset would
 * find the same single page, and comparing v1 (max_results 3) with v2 (8) would show no
 * difference. Several sources, on different hosts, some under *.example.net (which v3 excludes),
 * let each version's search settings show in what its answer cites. Part of both corpora.
 * The texts avoid the words of the other demo questions so they do not crowd those results.
 */
export const TOPIC_CORPUS: readonly CorpusDocument[] = [
  {
    id: "topic-seek-method",
    url: "https://use-the-index.example.org/partial-results/fetch-next-page",
    title: "Fetching the next page with the seek method",
    text:
      "The seek method, also called keyset pagination, fetches the next page by filtering on the values of the last row already shown. " +
      "Instead of OFFSET 1000, the query asks for rows whose sort key comes after the last key of the previous page. " +
      "An index on the sort columns lets the database jump straight to that key, so page 500 costs as much as page 1. " +
      "Keyset pagination cannot jump to an arbitrary page number; it only moves forward or backward from a known row.",
  },
  {
    id: "topic-offset-slow",
    url: "https://blog.dbperf.example.com/posts/deep-offset-pages",
    title: "Why deep OFFSET pages get slow",
    text:
      "A query with LIMIT 20 OFFSET 100000 still reads the hundred thousand skipped rows before discarding them. " +
      "Response time grows with the page number, which is why the last pages of a long listing time out first. " +
      "Keyset pagination avoids the scan because the WHERE clause starts at the last key seen. " +
      "In our benchmark, keyset pagination kept every page under two milliseconds while OFFSET passed a second at page 5000.",
  },
  {
    id: "topic-cursor-api",
    url: "https://engineering.shopfront.example.com/blog/cursor-pagination",
    title: "Moving our public API to cursor pagination",
    text:
      "Our list endpoints now return an opaque cursor instead of a page number. " +
      "The cursor encodes the sort key and id of the last item, which is keyset pagination behind a stable token. " +
      "Clients that used page numbers saw duplicated and missing items whenever orders were created during their walk. " +
      "With cursor pagination, items created mid-walk appear at most once and never push older items onto the next page.",
  },
  {
    id: "topic-explained",
    url: "https://devnotes.example.net/keyset-pagination-explained",
    title: "Keyset pagination explained",
    text:
      "Keyset pagination pages through a sorted result by remembering where the previous page ended. " +
      "Each request sends the last sort value, and the server returns the rows that follow it in the same order. " +
      "Because no rows are skipped, keyset pagination stays fast on tables with millions of rows. " +
      "The trade-off is that users cannot type a page number and land on it directly.",
  },
  {
    id: "topic-ties",
    url: "https://forum.example.net/t/keyset-pagination-with-duplicate-sort-keys/482",
    title: "Keyset pagination with duplicate sort keys",
    text:
      "When two rows share the same created_at value, a keyset page boundary can fall between them and one row is lost. " +
      "The fix is to add a unique tie-breaker such as the primary key to both the ORDER BY and the keyset condition. " +
      "Compare the pair (created_at, id) with a row value comparison so the condition stays a single index range. " +
      "With a unique composite key, keyset pagination visits every row exactly once.",
  },
  {
    id: "topic-row-values",
    url: "https://sql.reference.example.org/row-value-comparisons",
    title: "Row value comparisons for keyset pagination",
    text:
      "A row value comparison such as (created_at, id) < (?, ?) expresses the keyset condition for a two-column sort in one predicate. " +
      "Databases that support row values can use a composite index for it directly. " +
      "Where row values are missing, spell the keyset condition out as created_at < ? OR (created_at = ? AND id < ?). " +
      "Both forms return the same page; the row value form is shorter and easier for the planner.",
  },
  {
    id: "topic-graphql",
    url: "https://graphql.example.org/learn/pagination",
    title: "Connections, edges and cursors",
    text:
      "GraphQL connections paginate with first, after, last and before arguments instead of page numbers. " +
      "Each edge carries a cursor, and most servers build that cursor from the sort key, which makes it keyset pagination. " +
      "The pageInfo object tells a client whether a next page exists and which cursor to send for it. " +
      "Offset-based cursors are possible too, but they inherit the slowness of OFFSET on deep pages.",
  },
  {
    id: "topic-wiki",
    url: "https://en.wikipedia.example/wiki/Pagination_(databases)",
    title: "Pagination (databases)",
    text:
      "Pagination divides a large query result into pages that a client fetches one at a time. " +
      "Offset pagination addresses a page by how many rows to skip; keyset pagination addresses it by the last key of the previous page. " +
      "Keyset pagination is also known as the seek method or cursor-based pagination. " +
      "Offset pagination supports jumping to any page, while keyset pagination gives stable pages on data that changes.",
  },
  {
    id: "topic-api-guide",
    url: "https://api.example.com/docs/pagination",
    title: "Paginating list responses",
    text:
      "List endpoints return at most limit items and a next_cursor when more items exist. " +
      "Pass next_cursor back as the cursor parameter to get the following page; the cursor is keyset pagination over creation time and id. " +
      "Cursors are signed, so a modified cursor is refused with a 400 error. " +
      "Do not build cursors yourself: their format may change without notice.",
  },
  {
    id: "topic-backward",
    url: "https://devnotes.example.net/keyset-pagination-backwards",
    title: "Paging backwards with a keyset",
    text:
      "To show the previous page with keyset pagination, flip the comparison and the sort order, then reverse the rows in the application. " +
      "The first key of the current page becomes the boundary for the previous one. " +
      "Keeping both the first and last keys of every page makes Previous and Next links cheap. " +
      "Total counts are a separate query, since keyset pagination never learns how many pages there are.",
  },
];
