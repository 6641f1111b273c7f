// Draws the preset image bank for the "Random image" button (public/presets): charts, tables, diagrams,
// documents, counting and spatial puzzles, each with a suggested question. Deterministic; rerun to regenerate.
//   npx tsx scripts/make-presets.ts
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.join("public", "presets");
const W = 640;
const H = 420;
const font = `font-family="DejaVu Sans, Arial, sans-serif"`;

interface Preset {
  id: string;
  kind: string;
  question: string;
  svg: string;
}

const frame = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`;

function barChart(): string {
  const data = [
    ["Mon", 12],
    ["Tue", 19],
    ["Wed", 7],
    ["Thu", 15],
    ["Fri", 23],
  ] as const;
  const bars = data
    .map(([label, value], i) => {
      const x = 90 + i * 105;
      const h = value * 12;
      return `<rect x="${x}" y="${350 - h}" width="60" height="${h}" fill="#4f6bed"/><text x="${x + 30}" y="${342 - h}" text-anchor="middle" ${font} font-size="16">${value}</text><text x="${x + 30}" y="375" text-anchor="middle" ${font} font-size="16">${label}</text>`;
    })
    .join("");
  return frame(
    `<text x="${W / 2}" y="40" text-anchor="middle" ${font} font-size="22" font-weight="bold">Cups of coffee sold</text><line x1="70" y1="350" x2="600" y2="350" stroke="#333"/><line x1="70" y1="60" x2="70" y2="350" stroke="#333"/>${bars}`,
  );
}

function lineChart(): string {
  const ys = [300, 260, 280, 200, 150, 170, 90];
  const points = ys.map((y, i) => `${80 + i * 80},${y}`).join(" ");
  const dots = ys.map((y, i) => `<circle cx="${80 + i * 80}" cy="${y}" r="5" fill="#e4572e"/>`).join("");
  const labels = ["2019", "2020", "2021", "2022", "2023", "2024", "2025"]
    .map((l, i) => `<text x="${80 + i * 80}" y="375" text-anchor="middle" ${font} font-size="14">${l}</text>`)
    .join("");
  return frame(
    `<text x="${W / 2}" y="40" text-anchor="middle" ${font} font-size="22" font-weight="bold">Active users (thousands)</text><polyline points="${points}" fill="none" stroke="#e4572e" stroke-width="3"/>${dots}${labels}<line x1="50" y1="350" x2="610" y2="350" stroke="#333"/>`,
  );
}

function table(): string {
  const rows = [
    ["City", "Population", "Area km²"],
    ["Lyon", "522,000", "47.9"],
    ["Porto", "232,000", "41.4"],
    ["Graz", "295,000", "127.6"],
    ["Turku", "200,000", "245.7"],
  ];
  const cells = rows
    .map((row, r) =>
      row
        .map(
          (cell, c) =>
            `<rect x="${60 + c * 175}" y="${60 + r * 60}" width="175" height="60" fill="${r === 0 ? "#e8ecff" : "#fff"}" stroke="#555"/><text x="${147 + c * 175}" y="${97 + r * 60}" text-anchor="middle" ${font} font-size="18" ${r === 0 ? 'font-weight="bold"' : ""}>${cell}</text>`,
        )
        .join(""),
    )
    .join("");
  return frame(cells);
}

function diagram(): string {
  const box = (x: number, y: number, text: string, fill = "#dff5e1") =>
    `<rect x="${x}" y="${y}" width="150" height="60" rx="10" fill="${fill}" stroke="#2d6a4f" stroke-width="2"/><text x="${x + 75}" y="${y + 36}" text-anchor="middle" ${font} font-size="16">${text}</text>`;
  const arrow = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#333" stroke-width="2" marker-end="url(#a)"/>`;
  return frame(
    `<defs><marker id="a" markerWidth="10" markerHeight="10" refX="9" refY="3" orient="auto"><path d="M0,0 L9,3 L0,6 z" fill="#333"/></marker></defs>${box(40, 60, "Upload image")}${box(245, 60, "Pick 2 models")}${box(450, 60, "Stream answers")}${box(450, 250, "Vote", "#ffe8cc")}${box(245, 250, "Reveal models", "#ffe8cc")}${box(40, 250, "Leaderboard", "#e8ecff")}${arrow(190, 90, 243, 90)}${arrow(395, 90, 448, 90)}${arrow(525, 120, 525, 248)}${arrow(450, 280, 397, 280)}${arrow(245, 280, 192, 280)}`,
  );
}

function documentImage(): string {
  const lines = [
    ["RECEIPT  #20481", true],
    ["Corner Bakery, 12 Mill Street", false],
    ["2 x Sourdough loaf ........ 9.00", false],
    ["1 x Almond croissant ...... 3.20", false],
    ["3 x Espresso .............. 7.50", false],
    ["Subtotal ................. 19.70", false],
    ["VAT 10% ................... 1.97", false],
    ["TOTAL .................... 21.67", true],
  ] as const;
  const text = lines
    .map(
      ([l, bold], i) =>
        `<text x="90" y="${70 + i * 42}" font-family="DejaVu Sans Mono, monospace" font-size="20" ${bold ? 'font-weight="bold"' : ""}>${l}</text>`,
    )
    .join("");
  return frame(`<rect x="60" y="30" width="520" height="360" fill="#fffdf5" stroke="#ccc"/>${text}`);
}

function counting(): string {
  const spots: [number, number, string][] = [];
  const colours = ["#e4572e", "#4f6bed", "#f3a712", "#29bf12"];
  let seed = 7;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  while (spots.length < 17) {
    const x = 50 + rand() * 540;
    const y = 50 + rand() * 320;
    if (spots.every(([a, b]) => (a - x) ** 2 + (b - y) ** 2 > 55 ** 2))
      spots.push([x, y, colours[spots.length % 4] as string]);
  }
  return frame(
    spots.map(([x, y, c]) => `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="22" fill="${c}"/>`).join(""),
  );
}

function spatial(): string {
  return frame(
    `<rect x="80" y="230" width="120" height="120" fill="#4f6bed"/><circle cx="330" cy="120" r="60" fill="#e4572e"/><polygon points="480,350 560,200 640,350" fill="#29bf12" transform="translate(-40,0)"/><rect x="290" y="260" width="80" height="80" fill="#f3a712" transform="rotate(45 330 300)"/>`,
  );
}

function clock(): string {
  const hand = (angle: number, length: number, width: number) => {
    const rad = ((angle - 90) * Math.PI) / 180;
    return `<line x1="320" y1="210" x2="${(320 + length * Math.cos(rad)).toFixed(1)}" y2="${(210 + length * Math.sin(rad)).toFixed(1)}" stroke="#222" stroke-width="${width}" stroke-linecap="round"/>`;
  };
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const rad = ((i * 30 - 90) * Math.PI) / 180;
    return `<text x="${(320 + 150 * Math.cos(rad)).toFixed(1)}" y="${(216 + 150 * Math.sin(rad)).toFixed(1)}" text-anchor="middle" ${font} font-size="22">${i === 0 ? 12 : i}</text>`;
  }).join("");
  // 4:40
  return frame(
    `<circle cx="320" cy="210" r="180" fill="#f7f7f7" stroke="#222" stroke-width="6"/>${ticks}${hand(140, 90, 8)}${hand(240, 140, 5)}<circle cx="320" cy="210" r="8" fill="#222"/>`,
  );
}

const presets: Preset[] = [
  {
    id: "bar-chart",
    kind: "chart",
    question: "On which day were the most cups sold, and how many more than on Wednesday?",
    svg: barChart(),
  },
  {
    id: "line-chart",
    kind: "chart",
    question: "Describe the trend in this chart. In which year did the number of users fall?",
    svg: lineChart(),
  },
  {
    id: "city-table",
    kind: "table",
    question: "Which city in the table has the highest population density?",
    svg: table(),
  },
  {
    id: "flow-diagram",
    kind: "diagram",
    question: "Explain the process shown in this diagram step by step.",
    svg: diagram(),
  },
  { id: "receipt", kind: "document", question: "Read this receipt. Is the total correct?", svg: documentImage() },
  {
    id: "count-circles",
    kind: "counting",
    question: "How many circles are there, and how many of each colour?",
    svg: counting(),
  },
  {
    id: "shapes-layout",
    kind: "spatial",
    question: "Which shape is above the others, and what is directly to the right of the blue square?",
    svg: spatial(),
  },
  { id: "clock", kind: "spatial", question: "What time does this clock show?", svg: clock() },
];

fs.mkdirSync(OUT, { recursive: true });
for (const preset of presets) {
  await sharp(Buffer.from(preset.svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, `${preset.id}.png`));
}
const index = presets.map(({ id, kind, question }) => ({ id, kind, question, file: `${id}.png` }));
fs.writeFileSync(path.join(OUT, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
console.log(`wrote ${presets.length} presets to ${OUT}`);
