// Words for numbers, shared by server and client components (a "use client" module's functions cannot be called
// while the server renders).

/** "1 vote", "2,345 votes". */
export const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
