export interface CorpusDocument {
  id: string;
  url: string;
  title: string;
  text: string;
}
