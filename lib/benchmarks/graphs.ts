// IsoBench's graph answers computed from the item's adjacency matrix, so a verdict never rests on a guessed or
// mislabelled gold answer: connectivity (graphology's connected components), maximum flow (Edmonds–Karp: no
// graphology package has it; a 3–5 node IsoBench graph is a few microseconds) and isomorphism (backtracking over
// degree-compatible vertex maps: IsoBench graphs are small).
import Graph from "graphology";
import { connectedComponents } from "graphology-components";

/** An adjacency matrix as IsoBench writes it: a list of lists ("[[0, 1], [1, 0]]") or a LaTeX bmatrix. */
export function parseAdjacency(text: string): number[][] {
  const body = text.replace(/\\begin\{[pbv]?matrix\}|\\end\{[pbv]?matrix\}/g, "");
  const rows =
    body.includes("&") || body.includes("\\\\")
      ? body.split("\\\\").map((row) => row.split("&"))
      : [...body.matchAll(/\[([^[\]]*)\]/g)].map((m) => (m[1] as string).split(","));
  const matrix = rows
    .map((cells) => cells.map((c) => c.trim()).filter((c) => c !== ""))
    .filter((cells) => cells.length > 0)
    .map((cells) => cells.map(Number));
  const n = matrix.length;
  if (n === 0 || matrix.some((row) => row.length !== n || row.some((v) => !Number.isFinite(v)))) {
    throw new Error("not a square numeric adjacency matrix");
  }
  return matrix;
}

export function connected(matrix: number[][], a: number, b: number): boolean {
  const graph = new Graph({ type: "undirected", multi: false });
  for (let i = 0; i < matrix.length; i++) graph.addNode(String(i));
  for (const [i, row] of matrix.entries()) {
    for (const [j, v] of row.entries()) {
      if (v && i !== j && !graph.hasEdge(String(i), String(j))) graph.addEdge(String(i), String(j));
    }
  }
  return connectedComponents(graph).some((component) => component.includes(String(a)) && component.includes(String(b)));
}

/** The maximum flow from source to sink over directed capacities matrix[i][j]. */
export function maxFlow(matrix: number[][], source: number, sink: number): number {
  const n = matrix.length;
  const residual = matrix.map((row) => row.slice());
  let flow = 0;
  for (;;) {
    const parent = new Array<number>(n).fill(-1);
    parent[source] = source;
    const queue = [source];
    while (queue.length && parent[sink] === -1) {
      const u = queue.shift() as number;
      for (let v = 0; v < n; v++) {
        if (parent[v] === -1 && (residual[u]?.[v] ?? 0) > 0) {
          parent[v] = u;
          queue.push(v);
        }
      }
    }
    if (parent[sink] === -1) return flow;
    let bottleneck = Number.POSITIVE_INFINITY;
    for (let v = sink; v !== source; v = parent[v] as number) {
      bottleneck = Math.min(bottleneck, residual[parent[v] as number]?.[v] as number);
    }
    for (let v = sink; v !== source; v = parent[v] as number) {
      const u = parent[v] as number;
      const forward = residual[u] as number[];
      const backward = residual[v] as number[];
      forward[v] = (forward[v] as number) - bottleneck;
      backward[u] = (backward[u] as number) + bottleneck;
    }
    flow += bottleneck;
  }
}

export function isomorphic(g: number[][], h: number[][]): boolean {
  const n = g.length;
  if (h.length !== n) return false;
  const edge = (m: number[][], i: number, j: number) => (m[i]?.[j] ?? 0) !== 0;
  const degree = (m: number[][]) => m.map((row) => row.filter((v) => v !== 0).length);
  const dg = degree(g);
  const dh = degree(h);
  if ([...dg].sort().join() !== [...dh].sort().join()) return false;
  const map = new Array<number>(n).fill(-1);
  const used = new Array<boolean>(n).fill(false);
  const extend = (i: number): boolean => {
    if (i === n) return true;
    for (let j = 0; j < n; j++) {
      if (used[j] || dg[i] !== dh[j]) continue;
      let fits = edge(g, i, i) === edge(h, j, j);
      for (let k = 0; fits && k < i; k++) {
        fits = edge(g, i, k) === edge(h, j, map[k] as number) && edge(g, k, i) === edge(h, map[k] as number, j);
      }
      if (!fits) continue;
      map[i] = j;
      used[j] = true;
      if (extend(i + 1)) return true;
      used[j] = false;
    }
    map[i] = -1;
    return false;
  };
  return extend(0);
}
