/** English function words ignored by the search index and by sentence picking. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  "a about also an and describe explain are as at be been but by can could do does did for from has have how i if in into is it its just me please more most my no not of on or our should so tell than that the their them then there these they this those to too was we were what when where which who why will with work works would you your".split(
    " ",
  ),
);
