// The Wilson score interval for a proportion: sound at 0% and 100% and for small counts, where the normal
// approximation the papers' ± figures would use breaks down. Shared by the benchmarks' accuracies and the boards'
// evidence probes.
const Z95 = 1.959963984540054;

export function wilsonInterval(correct: number, total: number, z = Z95): [number, number] {
  if (total === 0) return [0, 1];
  const p = correct / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
