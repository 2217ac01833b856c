/**
 * The named columns of a row as they are: for the fields a record keeps under the same name and type as its
 * column. Listed, never spread, so a column added later (a password hash) does not slip into what a store returns.
 */
export function rowColumns<Row, Column extends keyof Row>(row: Row, columns: readonly Column[]): Pick<Row, Column> {
  const picked = {} as Pick<Row, Column>;
  for (const column of columns) picked[column] = row[column];
  return picked;
}
