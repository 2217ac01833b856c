import type { CorpusDocument } from "./corpus-types";

/**
 * A small, fixed corpus for deterministic tests and for demos of domain filters (the npm corpus
 * lives on one domain). Several texts carry accents, CJK and emoji before the cited sentences, so
 * an implementation counting UTF-16 units instead of code points puts its citations in the wrong place.
 */
export const FIXED_CORPUS: readonly CorpusDocument[] = [
  {
    id: "fixed-coffee-history",
    url: "https://en.wikipedia.example/wiki/History_of_coffee",
    title: "History of coffee ☕",
    text:
      "Coffee drinking spread from Yemen to the Ottoman Empire in the sixteenth century ☕. " +
      "The first coffeehouses in Istanbul opened around 1554 and became places of conversation and chess. " +
      "In Europe, the café culture of Vienna and Paris grew in the late seventeenth century. " +
      "Today Brazil is the largest producer of coffee beans in the world.",
  },
  {
    id: "fixed-espresso",
    url: "https://coffee.example.com/guides/espresso",
    title: "Espresso brewing guide — crème de la crème 😀",
    text:
      "Espresso is brewed by forcing hot water through finely ground coffee at about nine bars of pressure. " +
      "A classic shot uses around eighteen grams of coffee and takes twenty-five to thirty seconds 😀. " +
      "The crema on top is an emulsion of oils and carbon dioxide. " +
      "Baristas in Milano call a short, strong shot a ristretto.",
  },
  {
    id: "fixed-tea-japan",
    url: "https://blog.tea.example.org/japanese-green-tea",
    title: "日本の緑茶 — Japanese green tea 🍵",
    text:
      "日本茶 is mostly green tea, steamed rather than pan-fired 🍵. " +
      "Matcha is a powdered green tea whitened into a froth with a bamboo whisk. " +
      "Sencha is the most popular tea in Japan and is brewed at about seventy degrees Celsius. " +
      "Gyokuro is shaded for three weeks before harvest, which makes it sweeter.",
  },
  {
    id: "fixed-sqlite-wal",
    url: "https://docs.db.example.com/sqlite/wal",
    title: "SQLite write-ahead logging",
    text:
      "In WAL mode, SQLite appends changes to a separate write-ahead log file instead of overwriting the database. " +
      "Readers do not block writers and a writer does not block readers in WAL mode. " +
      // A line of code of its own (a sentence break follows the line break), which answers quote as code.
      "One statement switches it on:\nPRAGMA journal_mode = WAL; -- SQLite write-ahead logging\n" +
      "A checkpoint moves the changes from the log back into the main database file. " +
      "WAL mode does not work over a network file system.",
  },
  {
    id: "fixed-keyset",
    url: "https://docs.db.example.com/pagination/keyset",
    title: "Keyset pagination versus OFFSET",
    text:
      "Keyset pagination remembers the last key of a page and asks for rows after it. " +
      "OFFSET pagination reads and discards every skipped row, so deep pages get slower. " +
      "With a keyset, a row inserted during the walk cannot shift the pages that follow. " +
      "The sort key must be unique, or ties must be broken by a unique column.",
  },
  {
    id: "fixed-unicode",
    url: "https://unicode.example.net/code-points",
    title: "Code points, code units and grapheme clusters — 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    text:
      "The string 👩‍💻 is one grapheme but several code points 🧑‍🚀. " +
      "JavaScript strings count UTF-16 code units, so an emoji outside the Basic Multilingual Plane has length two. " +
      "A code point is a single number in the Unicode code space, from zero to 0x10FFFF. " +
      "Offsets that count code points must be converted before slicing a JavaScript string.",
  },
  {
    id: "fixed-paris-cafes",
    url: "https://travel.example.com/fr/paris-cafes",
    title: "Les cafés de Paris — où boire un café ☕🥐",
    text:
      "Le Café de Flore à Saint-Germain-des-Prés est célèbre depuis les années 1880 ☕🥐. " +
      "Les Deux Magots accueillaient Sartre, Beauvoir et Hemingway. " +
      "A café crème in Paris is an espresso with steamed milk, served in a large cup. " +
      "Many Parisian cafés still serve breakfast with croissants and tartines.",
  },
  {
    id: "fixed-streaming-sse",
    url: "https://web.dev.example.org/server-sent-events",
    title: "Server-sent events",
    text:
      "Server-sent events deliver a stream of text messages over one long HTTP response. " +
      "Each event is a block of lines such as data: followed by a blank line. " +
      "The browser's EventSource reconnects automatically, but fetch-based readers must handle retries themselves. " +
      "Proxies that buffer or compress responses can delay events, so servers send Cache-Control: no-transform.",
  },
  {
    id: "fixed-rate-limits",
    url: "https://api.example.com/docs/rate-limits",
    title: "Rate limits and Retry-After",
    text:
      "When a client exceeds its rate limit the server answers 429 Too Many Requests. " +
      "The Retry-After header tells the client how many seconds to wait before trying again. " +
      "X-RateLimit-Remaining shows how many requests are left in the current window. " +
      "Clients should back off exponentially when no Retry-After header is present.",
  },
  {
    id: "fixed-mountains",
    url: "https://en.wikipedia.example/wiki/Matterhorn",
    title: "Matterhorn 🏔️ — Cervino, Mont Cervin",
    text:
      "The Matterhorn 🏔️ stands on the border between Switzerland and Italy at 4,478 metres. " +
      "It was first climbed on 14 July 1865 by a party led by Edward Whymper. " +
      "Four of the seven climbers died during the descent of the first ascent. " +
      "The village of Zermatt lies at the foot of the mountain on the Swiss side.",
  },
  {
    id: "fixed-croissant",
    url: "https://recipes.example.org/croissants",
    title: "Croissants: a lamination primer 🥐",
    text:
      "A croissant dough is folded with a block of butter to form dozens of thin layers 🥐. " +
      "The dough must stay cold so that the butter does not melt into it. " +
      "Croissants are proofed until they wobble and then baked at about two hundred degrees. " +
      "The viennoiserie tradition came to Paris from Vienna in the nineteenth century.",
  },
  {
    id: "fixed-x-posts",
    url: "https://x.example.com/gatehouse/status/1",
    title: "Post by @gatehouse — ship notes 🚀",
    text:
      "Gatehouse now streams web-search citations straight into the playground 🚀. " +
      "Every cited sentence links to its source with exact offsets. " +
      "Presets keep every version, so you can compare answers side by side.",
  },
];
