// The one way raw SQL is written: sql-template-tag's tagged template, which turns every interpolated value into a
// parameter ($1, $2, … in order) and nests fragments (`join`, `raw` for identifiers we choose, `empty`), so no
// placeholder is numbered or listed by hand. A query is `pool.query<Row>(sql`… ${value} …`)`: node-postgres reads
// the fragment's text and values. When raw SQL is right and when Prisma is: docs/architecture.md ("Data access").
export { default as sql, empty, join, raw, Sql } from "sql-template-tag";
