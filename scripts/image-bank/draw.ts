// The drawn half of the random-image bank: charts, tables, receipts, signs, letters, diagrams, geometry and
// counting scenes, each with a question a person would ask of it. Drawn as SVG and rasterised by sharp, from a
// seeded generator, so `npm run bank:draw` rewrites the same files. All of it is CC0 (drawn for this project).
import { createRandom } from "../../lib/numeric";

export interface Drawn {
  id: string;
  kind: string;
  question: string;
  svg: string;
}

const W = 640;
const H = 420;
const FONT = "DejaVu Sans, sans-serif";
const PALETTE = ["#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#4b5563"];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const text = (x: number, y: number, s: string, size = 14, extra = "") =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" ${extra}>${esc(s)}</text>`;
const page = (body: string, bg = "#ffffff", w = W, h = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`;

type Rand = ReturnType<typeof createRandom>;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

function barChart(
  r: Rand,
  title: string,
  unit: string,
  labels: string[],
  max: number,
): { svg: string; values: number[] } {
  const values = labels.map(() => int(r, Math.round(max * 0.15), max));
  const left = 70;
  const bottom = H - 60;
  const span = bottom - 70;
  const bw = (W - left - 30) / labels.length;
  const top = Math.ceil(max / 10) * 10;
  let body = text(W / 2, 36, title, 18, 'text-anchor="middle" font-weight="bold"');
  for (let t = 0; t <= 5; t++) {
    const y = bottom - (span * t) / 5;
    body += `<line x1="${left}" x2="${W - 20}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`;
    body += text(left - 8, y + 5, String(Math.round((top * t) / 5)), 12, 'text-anchor="end"');
  }
  labels.forEach((label, i) => {
    const h = (span * (values[i] as number)) / top;
    const x = left + i * bw + bw * 0.15;
    body += `<rect x="${x}" y="${bottom - h}" width="${bw * 0.7}" height="${h}" fill="${PALETTE[0]}"/>`;
    body += text(x + bw * 0.35, bottom + 20, label, 12, 'text-anchor="middle"');
  });
  body += `<line x1="${left}" x2="${W - 20}" y1="${bottom}" y2="${bottom}" stroke="#111"/>`;
  body += text(18, H / 2, unit, 12, `transform="rotate(-90 18 ${H / 2})" text-anchor="middle"`);
  return { svg: page(body), values };
}

function lineChart(r: Rand, title: string, series: string[], xs: string[], max: number): string {
  const left = 70;
  const bottom = H - 60;
  const span = bottom - 80;
  const step = (W - left - 40) / (xs.length - 1);
  let body = text(W / 2, 36, title, 18, 'text-anchor="middle" font-weight="bold"');
  for (let t = 0; t <= 4; t++) {
    const y = bottom - (span * t) / 4;
    body += `<line x1="${left}" x2="${W - 30}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`;
    body += text(left - 8, y + 5, String(Math.round((max * t) / 4)), 12, 'text-anchor="end"');
  }
  xs.forEach((x, i) => {
    body += text(left + i * step, bottom + 20, x, 12, 'text-anchor="middle"');
  });
  series.forEach((name, s) => {
    let v = int(r, Math.round(max * 0.2), Math.round(max * 0.7));
    const points = xs.map((_, i) => {
      if (i > 0) v = Math.max(max * 0.05, Math.min(max * 0.98, v + (r() - 0.45) * max * 0.3));
      return `${left + i * step},${bottom - (span * v) / max}`;
    });
    body += `<polyline points="${points.join(" ")}" fill="none" stroke="${PALETTE[s]}" stroke-width="3"/>`;
    body += `<rect x="${left + 10 + s * 150}" y="54" width="14" height="14" fill="${PALETTE[s]}"/>`;
    body += text(left + 30 + s * 150, 66, name, 13);
  });
  body += `<line x1="${left}" x2="${W - 30}" y1="${bottom}" y2="${bottom}" stroke="#111"/>`;
  return page(body);
}

function pieChart(r: Rand, title: string, labels: string[], labelled: boolean): string {
  const raw = labels.map(() => 1 + r() * 4);
  const sum = raw.reduce((a, b) => a + b, 0);
  const shares = raw.map((v) => Math.round((100 * v) / sum));
  shares[0] = 100 - shares.slice(1).reduce((a, b) => a + b, 0);
  const cx = 220;
  const cy = 230;
  const rad = 150;
  let angle = -Math.PI / 2;
  let body = text(W / 2, 36, title, 18, 'text-anchor="middle" font-weight="bold"');
  shares.forEach((share, i) => {
    const next = angle + (2 * Math.PI * share) / 100;
    const large = next - angle > Math.PI ? 1 : 0;
    const [x1, y1, x2, y2] = [
      cx + rad * Math.cos(angle),
      cy + rad * Math.sin(angle),
      cx + rad * Math.cos(next),
      cy + rad * Math.sin(next),
    ];
    body += `<path d="M${cx},${cy} L${x1},${y1} A${rad},${rad} 0 ${large} 1 ${x2},${y2} Z" fill="${PALETTE[i]}" stroke="#fff" stroke-width="2"/>`;
    const mid = (angle + next) / 2;
    if (labelled)
      body += text(
        cx + rad * 0.65 * Math.cos(mid),
        cy + rad * 0.65 * Math.sin(mid) + 5,
        `${share}%`,
        13,
        'text-anchor="middle" fill="#fff" font-weight="bold"',
      );
    body += `<rect x="410" y="${110 + i * 30}" width="16" height="16" fill="${PALETTE[i]}"/>`;
    body += text(434, 124 + i * 30, labels[i] as string, 14);
    angle = next;
  });
  return page(body);
}

function table(title: string, header: string[], rows: string[][]): string {
  const colW = (W - 40) / header.length;
  let body = text(20, 36, title, 18, 'font-weight="bold"');
  const rowH = Math.min(34, (H - 80) / (rows.length + 1));
  header.forEach((h, c) => {
    body += `<rect x="${20 + c * colW}" y="52" width="${colW}" height="${rowH}" fill="#1f2937"/>`;
    body += text(28 + c * colW, 52 + rowH * 0.68, h, 13, 'fill="#fff" font-weight="bold"');
  });
  rows.forEach((row, i) => {
    const y = 52 + rowH * (i + 1);
    body += `<rect x="20" y="${y}" width="${W - 40}" height="${rowH}" fill="${i % 2 ? "#f3f4f6" : "#fff"}" stroke="#e5e7eb"/>`;
    row.forEach((cell, c) => {
      body += text(28 + c * colW, y + rowH * 0.68, cell, 13);
    });
  });
  return page(body);
}

function receipt(r: Rand, shop: string, items: [string, number][], wrongTotal: boolean): string {
  const total = items.reduce((a, [, p]) => a + p, 0);
  const shown = wrongTotal ? total + pick(r, [1, 2, 10, -1]) : total;
  const h = 200 + items.length * 26;
  let body = `<rect x="150" y="10" width="340" height="${h}" fill="#fffdf5" stroke="#d6d3d1"/>`;
  body += text(320, 46, shop, 20, 'text-anchor="middle" font-weight="bold"');
  body += text(
    320,
    68,
    `Receipt no. ${int(r, 1000, 9999)} · ${int(r, 1, 28)}/${int(r, 1, 12)}/2024`,
    12,
    'text-anchor="middle"',
  );
  items.forEach(([name, price], i) => {
    body += text(175, 104 + i * 26, name, 14);
    body += text(465, 104 + i * 26, price.toFixed(2), 14, 'text-anchor="end"');
  });
  const y = 104 + items.length * 26;
  body += `<line x1="170" x2="470" y1="${y - 8}" y2="${y - 8}" stroke="#111" stroke-dasharray="4 3"/>`;
  body += text(175, y + 18, "TOTAL", 16, 'font-weight="bold"');
  body += text(465, y + 18, shown.toFixed(2), 16, 'text-anchor="end" font-weight="bold"');
  body += text(320, y + 56, "Thank you for your visit!", 12, 'text-anchor="middle"');
  return page(body, "#e7e5e4", W, Math.max(H, h + 20));
}

function sign(lines: string[], bg: string, fg: string, scene: string): string {
  const w = 440;
  const h = 70 + lines.length * 44;
  const x = (W - w) / 2;
  const y = (H - h) / 2;
  let body = `<rect width="${W}" height="${H}" fill="${scene}"/><rect x="${W / 2 - 8}" y="${y + h}" width="16" height="${H - y - h}" fill="#6b7280"/>`;
  body += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="${bg}" stroke="${fg}" stroke-width="6"/>`;
  lines.forEach((line, i) => {
    body += text(
      W / 2,
      y + 62 + i * 44,
      line,
      i === 0 ? 34 : 24,
      `text-anchor="middle" fill="${fg}" font-weight="bold"`,
    );
  });
  return page(body, scene);
}

function letter(heading: string, lines: string[]): string {
  let body = `<rect x="40" y="14" width="${W - 80}" height="${H - 28}" fill="#fff" stroke="#d4d4d8"/>`;
  body += text(64, 50, heading, 16, 'font-weight="bold"');
  lines.forEach((line, i) => {
    body += text(64, 84 + i * 22, line, 13);
  });
  return page(body, "#f4f4f5");
}

function boxes(steps: string[], links: [number, number, string?][], layout: [number, number][], title: string): string {
  let body = text(W / 2, 32, title, 18, 'text-anchor="middle" font-weight="bold"');
  body += `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#374151"/></marker></defs>`;
  for (const [a, b, label] of links) {
    const [x1, y1] = layout[a] as [number, number];
    const [x2, y2] = layout[b] as [number, number];
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    const shrink = (t: number) => [x1 + (dx * t) / len, y1 + (dy * t) / len];
    const [sx, sy] = shrink(Math.abs(dx) > Math.abs(dy) ? 72 : 26);
    const [ex, ey] = shrink(len - (Math.abs(dx) > Math.abs(dy) ? 72 : 26));
    body += `<line x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" stroke="#374151" stroke-width="2" marker-end="url(#arrow)"/>`;
    if (label) body += text((x1 + x2) / 2 + 6, (y1 + y2) / 2 - 6, label, 12, 'fill="#374151"');
  }
  steps.forEach((s, i) => {
    const [x, y] = layout[i] as [number, number];
    body += `<rect x="${x - 70}" y="${y - 22}" width="140" height="44" rx="8" fill="#eff6ff" stroke="#2563eb" stroke-width="2"/>`;
    body += text(x, y + 5, s, 13, 'text-anchor="middle"');
  });
  return page(body);
}

function venn(a: string, b: string, onlyA: number, both: number, onlyB: number, neither: number): string {
  let body = text(
    W / 2,
    34,
    `Survey of ${onlyA + both + onlyB + neither} people`,
    18,
    'text-anchor="middle" font-weight="bold"',
  );
  body += `<rect x="40" y="55" width="${W - 80}" height="${H - 80}" fill="none" stroke="#111"/>`;
  body += `<circle cx="260" cy="230" r="130" fill="${PALETTE[0]}" fill-opacity="0.25" stroke="${PALETTE[0]}" stroke-width="2"/>`;
  body += `<circle cx="380" cy="230" r="130" fill="${PALETTE[1]}" fill-opacity="0.25" stroke="${PALETTE[1]}" stroke-width="2"/>`;
  body +=
    text(190, 110, a, 15, 'text-anchor="middle" font-weight="bold"') +
    text(450, 110, b, 15, 'text-anchor="middle" font-weight="bold"');
  body +=
    text(200, 236, String(onlyA), 22, 'text-anchor="middle"') +
    text(320, 236, String(both), 22, 'text-anchor="middle"');
  body +=
    text(440, 236, String(onlyB), 22, 'text-anchor="middle"') +
    text(560, 380, String(neither), 22, 'text-anchor="middle"');
  return page(body);
}

function triangle(r: Rand): { svg: string; question: string } {
  const a = int(r, 35, 80);
  const b = int(r, 30, 150 - a);
  const [ta, tb] = [Math.tan((a * Math.PI) / 180), Math.tan((b * Math.PI) / 180)];
  // the base shrinks until the apex fits under the top margin
  const base = Math.min(400, (290 * (ta + tb)) / (ta * tb));
  const left = (W - base) / 2;
  const apexX = left + (base * tb) / (ta + tb);
  const pts: [number, number][] = [
    [left, 360],
    [left + base, 360],
    [apexX, 360 - (base * ta * tb) / (ta + tb)],
  ];
  const [p0, p1, p2] = pts as [[number, number], [number, number], [number, number]];
  let body = `<polygon points="${pts.map((p) => p.join(",")).join(" ")}" fill="#fef9c3" stroke="#111" stroke-width="3"/>`;
  body += text(p0[0] + 34, p0[1] - 10, `${a}°`, 18) + text(p1[0] - 66, p1[1] - 10, `${b}°`, 18);
  body += text(p2[0] - 8, Math.max(40, p2[1] + 40), "x", 20, 'font-style="italic"');
  body +=
    text(p0[0] - 20, p0[1] + 24, "A", 16) + text(p1[0] + 8, p1[1] + 24, "B", 16) + text(p2[0] - 6, p2[1] - 10, "C", 16);
  return { svg: page(body), question: "What is the angle x at C? Show the reasoning." };
}

function clockFace(h: number, m: number): string {
  const cx = W / 2;
  const cy = H / 2;
  let body = `<circle cx="${cx}" cy="${cy}" r="170" fill="#fff" stroke="#111" stroke-width="8"/>`;
  for (let i = 1; i <= 12; i++) {
    const a = (i * Math.PI) / 6 - Math.PI / 2;
    body += text(cx + 135 * Math.cos(a), cy + 135 * Math.sin(a) + 9, String(i), 26, 'text-anchor="middle"');
  }
  const hand = (angle: number, len: number, width: number) =>
    `<line x1="${cx}" y1="${cy}" x2="${cx + len * Math.cos(angle - Math.PI / 2)}" y2="${cy + len * Math.sin(angle - Math.PI / 2)}" stroke="#111" stroke-width="${width}" stroke-linecap="round"/>`;
  body += hand((((h % 12) + m / 60) * Math.PI) / 6, 90, 10) + hand((m * Math.PI) / 30, 140, 6);
  return page(body, "#e0f2fe");
}

function scatter(r: Rand, shapes: string[], n: number): string {
  let body = "";
  const placed: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    let x = 0;
    let y = 0;
    for (let t = 0; t < 200; t++) {
      x = int(r, 50, W - 50);
      y = int(r, 50, H - 50);
      if (placed.every(([px, py]) => Math.hypot(px - x, py - y) > 70)) break;
    }
    placed.push([x, y]);
    const colour = pick(r, PALETTE.slice(0, 4));
    const shape = pick(r, shapes);
    if (shape === "circle") body += `<circle cx="${x}" cy="${y}" r="24" fill="${colour}"/>`;
    if (shape === "square") body += `<rect x="${x - 22}" y="${y - 22}" width="44" height="44" fill="${colour}"/>`;
    if (shape === "triangle")
      body += `<polygon points="${x},${y - 26} ${x + 26},${y + 20} ${x - 26},${y + 20}" fill="${colour}"/>`;
    if (shape === "star") {
      const pts = Array.from({ length: 10 }, (_, k) => {
        const rad = k % 2 ? 11 : 27;
        const a = (k * Math.PI) / 5 - Math.PI / 2;
        return `${x + rad * Math.cos(a)},${y + rad * Math.sin(a)}`;
      });
      body += `<polygon points="${pts.join(" ")}" fill="${colour}"/>`;
    }
  }
  return page(body, "#fafaf9");
}

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Every drawn image of the bank, in a fixed order; ids are stable across runs. */
export function drawBank(): Drawn[] {
  const r = createRandom(20261125);
  const out: Drawn[] = [];
  const add = (id: string, kind: string, question: string, svg: string) => {
    out.push({ id, kind, question, svg });
  };

  const bars: [string, string, string[], number, string][] = [
    [
      "Bike rentals per day",
      "rentals",
      DAYS,
      300,
      "On which day were the most bikes rented, and how many fewer on the quietest day?",
    ],
    [
      "Rainfall per month (mm)",
      "mm",
      MONTHS.slice(0, 6),
      120,
      "Which month was wettest, and what was the total rainfall over these six months?",
    ],
    [
      "Books read by each class",
      "books",
      ["1A", "1B", "2A", "2B", "3A", "3B"],
      80,
      "Which class read the most books? Are any two classes equal?",
    ],
    [
      "Visitors per museum hall",
      "visitors",
      ["Egypt", "Rome", "Maps", "Ships", "Coins"],
      900,
      "Rank the halls from most to least visited.",
    ],
    [
      "Votes for the new park name",
      "votes",
      ["Oak", "River", "Sunny", "Central"],
      250,
      "Which name won, and by how many votes over second place?",
    ],
    [
      "Parcels delivered per van",
      "parcels",
      ["V1", "V2", "V3", "V4", "V5", "V6", "V7"],
      140,
      "What is the average number of parcels per van, roughly?",
    ],
    [
      "Cups of tea sold per hour",
      "cups",
      ["8h", "9h", "10h", "11h", "12h", "13h", "14h", "15h"],
      60,
      "When is the busiest hour, and is the afternoon busier than the morning?",
    ],
    [
      "Goals per season",
      "goals",
      ["2019", "2020", "2021", "2022", "2023"],
      40,
      "Describe how the number of goals changed from season to season.",
    ],
  ];
  bars.forEach(([title, unit, labels, max, q], i) => {
    add(`bar-${i + 1}`, "chart", q, barChart(r, title, unit, labels, max).svg);
  });

  const lines: [string, string[], string[], number, string][] = [
    [
      "Ticket sales, two cinemas",
      ["Odeon", "Plaza"],
      MONTHS.slice(0, 8),
      4000,
      "In which months did the Plaza sell more tickets than the Odeon?",
    ],
    [
      "Average temperature (°C)",
      ["Oslo", "Lisbon"],
      MONTHS,
      30,
      "How much warmer is Lisbon than Oslo in July, roughly?",
    ],
    [
      "Members of three clubs",
      ["Chess", "Choir", "Hiking"],
      ["2018", "2019", "2020", "2021", "2022", "2023"],
      120,
      "Which club grew the most between 2018 and 2023?",
    ],
    [
      "Water level of the lake (cm)",
      ["Level"],
      DAYS,
      200,
      "On which day was the water highest, and when did it fall the most?",
    ],
    [
      "Downloads of two apps (thousands)",
      ["Notes", "Maps"],
      ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"],
      500,
      "Do the two lines ever cross? If so, when?",
    ],
    [
      "Energy use per week (kWh)",
      ["Home", "Office"],
      ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"],
      300,
      "Summarise this chart in two sentences.",
    ],
  ];
  lines.forEach(([title, series, xs, max, q], i) => {
    add(`line-${i + 1}`, "chart", q, lineChart(r, title, series, xs, max));
  });

  const pies: [string, string[], boolean, string][] = [
    ["How people get to work", ["Car", "Bus", "Bike", "Walk", "Train"], true, "What share of people do not go by car?"],
    [
      "Household budget",
      ["Rent", "Food", "Travel", "Savings"],
      true,
      "Which two items together make up more than half of the budget?",
    ],
    [
      "Favourite fruit in class 4",
      ["Apple", "Banana", "Mango", "Grapes", "Pear", "Kiwi"],
      false,
      "Without exact labels, which fruit looks most popular, and which least?",
    ],
    [
      "Time spent on a Saturday",
      ["Sleep", "Sport", "Friends", "Homework", "Screens"],
      true,
      "Is more time spent on screens or on sport? By how many points?",
    ],
    [
      "Electricity sources",
      ["Wind", "Solar", "Gas", "Hydro"],
      false,
      "Estimate the share of each source from the picture.",
    ],
  ];
  pies.forEach(([title, labels, labelled, q], i) => {
    add(`pie-${i + 1}`, "chart", q, pieChart(r, title, labels, labelled));
  });

  const time = () => `${String(int(r, 6, 21)).padStart(2, "0")}:${pick(r, ["00", "05", "15", "20", "35", "40", "50"])}`;
  add(
    "train-times",
    "table",
    "Which train reaches Hillford first, and how long is its journey?",
    table(
      "Departures to Hillford",
      ["Train", "Leaves", "Arrives", "Platform"],
      ["IC 402", "RE 17", "IC 406", "S 3", "RE 19", "IC 410"].map((t) => [t, time(), time(), String(int(r, 1, 9))]),
    ),
  );
  add(
    "price-list",
    "table",
    "How much would two coffees and a croissant cost?",
    table(
      "Café price list",
      ["Item", "Small", "Large"],
      [
        ["Coffee", "2.20", "2.90"],
        ["Tea", "1.80", "2.40"],
        ["Hot chocolate", "2.60", "3.30"],
        ["Croissant", "1.90", "–"],
        ["Muffin", "2.40", "–"],
        ["Orange juice", "2.50", "3.40"],
      ],
    ),
  );
  add(
    "league-table",
    "table",
    "Which team has the most points, counting 3 for a win and 1 for a draw?",
    table(
      "League after 10 games",
      ["Team", "Won", "Drawn", "Lost"],
      ["Rovers", "United", "City", "Athletic", "Wanderers", "Albion"].map((t) => {
        const w = int(r, 1, 8);
        const d = int(r, 0, 10 - w);
        return [t, String(w), String(d), String(10 - w - d)];
      }),
    ),
  );
  add(
    "exam-marks",
    "table",
    "Who improved the most from the first test to the second?",
    table(
      "Test marks (out of 50)",
      ["Student", "Test 1", "Test 2"],
      ["Amara", "Ben", "Chloé", "Dmitri", "Eun-ji", "Farid", "Greta"].map((s) => [
        s,
        String(int(r, 18, 46)),
        String(int(r, 20, 50)),
      ]),
    ),
  );
  add(
    "planets",
    "table",
    "Which planet in the table has the longest day, and which the shortest year?",
    table(
      "Four planets",
      ["Planet", "Day (hours)", "Year (days)", "Moons"],
      [
        ["Mercury", "4222.6", "88.0", "0"],
        ["Venus", "2802.0", "224.7", "0"],
        ["Earth", "24.0", "365.2", "1"],
        ["Mars", "24.7", "687.0", "2"],
      ],
    ),
  );
  add(
    "opening-hours",
    "table",
    "Is the library open on Sunday afternoon? When does it close on Thursday?",
    table(
      "City library: opening hours",
      ["Day", "Opens", "Closes"],
      [
        ["Monday", "closed", "–"],
        ["Tuesday", "09:00", "18:00"],
        ["Wednesday", "09:00", "18:00"],
        ["Thursday", "12:00", "20:00"],
        ["Friday", "09:00", "17:00"],
        ["Saturday", "10:00", "16:00"],
        ["Sunday", "11:00", "15:00"],
      ],
    ),
  );

  const shops = ["CORNER GROCERY", "HARBOUR CAFÉ", "GREEN LEAF MARKET", "BOOKS & MORE", "HARDWARE HOUSE"];
  const goods = [
    ["Milk 1 l", 1.19],
    ["Bread", 2.49],
    ["Apples 1 kg", 2.99],
    ["Cheese", 4.35],
    ["Eggs x6", 2.1],
    ["Coffee beans", 7.8],
    ["Notebook", 3.5],
    ["Pens x3", 2.25],
    ["Screws", 4.95],
    ["Tape", 3.2],
    ["Tomatoes", 1.85],
    ["Rice 2 kg", 3.6],
  ] as [string, number][];
  shops.forEach((shop, i) => {
    const items = Array.from({ length: int(r, 3, 6) }, () => pick(r, goods));
    const wrong = i % 2 === 0;
    add(
      `receipt-${i + 1}`,
      "document",
      pick(r, [
        "Check this receipt: is the total right?",
        "Read the receipt and list what was bought. Does the total add up?",
        "How much was spent, and what was the most expensive item?",
      ]),
      receipt(r, shop, items, wrong),
    );
  });

  const signs: [string[], string, string, string, string][] = [
    [
      ["CLOSED", "for repairs", "reopens 14 May"],
      "#fff",
      "#b91c1c",
      "#a8a29e",
      "What does the sign say, and when can I come back?",
    ],
    [
      ["NO PARKING", "Mon–Fri 8–18", "Tow-away zone"],
      "#fff",
      "#1d4ed8",
      "#9ca3af",
      "May I park here on Saturday morning? Explain.",
    ],
    [["WET PAINT", "Do not touch"], "#fde047", "#111", "#d6d3d1", "Read the sign. What should I avoid doing?"],
    [["EXIT", "Stairs → Level 0"], "#15803d", "#fff", "#e5e7eb", "Which way is the way out, according to the sign?"],
    [
      ["SALE", "30% off all shoes", "today only"],
      "#dc2626",
      "#fff",
      "#fecaca",
      "A pair of shoes costs 80 before the sale. What do they cost today?",
    ],
    [["SPEED LIMIT", "40", "km/h"], "#fff", "#111", "#86efac", "What is the speed limit in miles per hour, roughly?"],
    [
      ["PLATFORM 3", "Trains to Oakdale", "every 20 minutes"],
      "#1e3a8a",
      "#fff",
      "#cbd5e1",
      "Where do trains to Oakdale leave from, and how often?",
    ],
    [
      ["FRESH FISH", "Cod 12.50 / kg", "Salmon 18.90 / kg"],
      "#f0f9ff",
      "#075985",
      "#bae6fd",
      "How much would 500 g of salmon cost?",
    ],
  ];
  signs.forEach(([lines, bg, fg, scene, q], i) => {
    add(`sign-${i + 1}`, "ocr", q, sign(lines, bg, fg, scene));
  });

  add(
    "letter-1",
    "document",
    "Who wrote this letter, what do they ask for, and by when?",
    letter("Riverside Housing Association", [
      "12 March 2024",
      "",
      "Dear Ms Okafor,",
      "",
      "The annual inspection of the heating in your flat (4B) is due.",
      "Please let us know by 29 March which of these mornings suits you:",
      "    Tuesday 2 April, Thursday 4 April or Monday 8 April.",
      "",
      "Our engineer will need about one hour and access to the boiler.",
      "",
      "Yours sincerely,",
      "Tom Lindqvist, Maintenance Team",
    ]),
  );
  add(
    "letter-2",
    "document",
    "Summarise this notice in one sentence. Who is it for?",
    letter("NOTICE TO ALL RESIDENTS", [
      "Water will be switched off on Wednesday 17 July",
      "between 09:00 and 13:00 while pipes are replaced.",
      "",
      "Please fill a kettle or bottles beforehand.",
      "Lifts will work as normal.",
      "",
      "Questions: call the site office on 0161 555 0192.",
      "",
      "Thank you for your patience.",
      "Building management",
    ]),
  );
  add(
    "form-1",
    "document",
    "Read the form. What is missing before it can be sent?",
    letter("Library card application", [
      "Full name:        Jonas Weber",
      "Date of birth:    04/11/1998",
      "Address:          22 Elm Road, Hillford",
      "Email:            ____________________",
      "Phone:            07700 900 311",
      "Card type:        [x] Adult   [ ] Child   [ ] Student",
      "",
      "Signature:        ____________________",
      "",
      "Date:             3 June 2024",
    ]),
  );
  add(
    "recipe-card",
    "document",
    "How much flour is needed for twice this recipe, and how long does it bake?",
    letter("Pancakes (serves 4)", [
      "Ingredients",
      "  200 g flour",
      "  2 eggs",
      "  300 ml milk",
      "  1 tbsp sugar, a pinch of salt",
      "",
      "Method",
      "  1. Whisk everything into a smooth batter; rest 10 minutes.",
      "  2. Heat a buttered pan; pour in a small ladle of batter.",
      "  3. Cook 1–2 minutes each side until golden.",
    ]),
  );
  add(
    "invoice-1",
    "document",
    "What is the invoice total including VAT, and when is it due?",
    letter("INVOICE  #2024-117", [
      "From: Blue Door Design, 5 Quay St",
      "To:   Northwind Bakery",
      "Date: 2 May 2024      Due: 1 June 2024",
      "",
      "Logo design ................................. 450.00",
      "Menu layout (2 pages) ....................... 180.00",
      "Printing proofs ............................. 35.00",
      "",
      "Subtotal .................................... 665.00",
      "VAT 20% ..................................... 133.00",
      "Total ....................................... 798.00",
    ]),
  );

  add(
    "flow-1",
    "diagram",
    "Follow the diagram: what happens when the payment fails?",
    boxes(
      ["Order placed", "Take payment", "Pack parcel", "Email customer", "Ship"],
      [
        [0, 1],
        [1, 2, "ok"],
        [1, 3, "fails"],
        [2, 4],
      ],
      [
        [110, 110],
        [320, 110],
        [530, 110],
        [320, 300],
        [530, 300],
      ],
      "Online order",
    ),
  );
  add(
    "flow-2",
    "diagram",
    "Explain this cycle in your own words, step by step.",
    boxes(
      ["Evaporation", "Condensation", "Rain", "Collection"],
      [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 0],
      ],
      [
        [160, 120],
        [480, 120],
        [480, 320],
        [160, 320],
      ],
      "The water cycle",
    ),
  );
  add(
    "org-chart",
    "diagram",
    "Who does the support team report to, and how many people report to the director?",
    boxes(
      ["Director", "Sales lead", "Tech lead", "Support team", "Developers", "Designers"],
      [
        [0, 1],
        [0, 2],
        [1, 3],
        [2, 4],
        [2, 5],
      ],
      [
        [320, 90],
        [170, 200],
        [470, 200],
        [170, 320],
        [400, 320],
        [560, 320],
      ],
      "Who reports to whom",
    ),
  );
  add(
    "food-chain",
    "diagram",
    "What would happen to the foxes if the rabbits disappeared?",
    boxes(
      ["Grass", "Rabbit", "Fox", "Eagle"],
      [
        [0, 1],
        [1, 2],
        [1, 3],
      ],
      [
        [110, 210],
        [300, 210],
        [520, 130],
        [520, 300],
      ],
      "A simple food web (arrow: is eaten by)",
    ),
  );
  add(
    "timeline",
    "diagram",
    "Put these events in order and say how long the project lasted.",
    boxes(
      ["Jan: kickoff", "Mar: design", "Jun: build", "Sep: test", "Nov: launch"],
      [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
      ],
      [
        [90, 120],
        [260, 240],
        [420, 120],
        [560, 240],
        [420, 340],
      ],
      "Project timeline",
    ),
  );
  add(
    "decision",
    "diagram",
    "According to the chart, should I take an umbrella if it is cloudy but not raining?",
    boxes(
      ["Raining?", "Take umbrella", "Cloudy?", "Leave it"],
      [
        [0, 1, "yes"],
        [0, 2, "no"],
        [2, 1, "yes"],
        [2, 3, "no"],
      ],
      [
        [150, 110],
        [470, 110],
        [150, 310],
        [470, 310],
      ],
      "Do I need an umbrella?",
    ),
  );
  add(
    "venn-1",
    "diagram",
    "How many people like both, and how many like at least one?",
    venn("Likes tea", "Likes coffee", int(r, 10, 30), int(r, 5, 20), int(r, 10, 30), int(r, 2, 12)),
  );
  add(
    "venn-2",
    "diagram",
    "How many people own a cat but not a dog?",
    venn("Own a cat", "Own a dog", int(r, 10, 30), int(r, 5, 20), int(r, 10, 30), int(r, 2, 12)),
  );

  for (let i = 1; i <= 3; i++) {
    const t = triangle(r);
    add(`triangle-${i}`, "math", t.question, t.svg);
  }
  const rect = (w: number, h: number) =>
    page(
      `<rect x="170" y="110" width="${w * 30}" height="${h * 30}" fill="#dcfce7" stroke="#111" stroke-width="3"/>${text(170 + w * 15, 100, `${w} m`, 18, 'text-anchor="middle"')}${text(160, 110 + h * 15, `${h} m`, 18, 'text-anchor="end"')}`,
    );
  add(
    "garden",
    "math",
    "This garden is to be turfed. What is its area, and how much fence goes round it?",
    rect(int(r, 6, 10), int(r, 4, 8)),
  );
  add(
    "equation-board",
    "math",
    "Solve the equations on the board.",
    page(
      `${text(80, 150, "2x + 3 = 17", 40, 'fill="#f8fafc"')}${text(80, 230, "5(y − 2) = 3y + 4", 40, 'fill="#f8fafc"')}${text(80, 310, "x + y = ?", 40, 'fill="#fde68a"')}`,
      "#14532d",
    ),
  );
  add(
    "number-line",
    "math",
    "Which fraction does the arrow point to?",
    page(
      `<line x1="60" x2="580" y1="220" y2="220" stroke="#111" stroke-width="3"/>${Array.from({ length: 9 }, (_, k) => `<line x1="${60 + k * 65}" x2="${60 + k * 65}" y1="205" y2="235" stroke="#111" stroke-width="2"/>`).join("")}${text(60, 270, "0", 20, 'text-anchor="middle"')}${text(580, 270, "1", 20, 'text-anchor="middle"')}<path d="M${60 + 5 * 65},120 L${60 + 5 * 65},195" stroke="#dc2626" stroke-width="4"/><polygon points="${60 + 5 * 65 - 10},185 ${60 + 5 * 65 + 10},185 ${60 + 5 * 65},205" fill="#dc2626"/>`,
    ),
  );

  const clocks: [number, number][] = [
    [3, 40],
    [10, 10],
    [7, 25],
    [1, 55],
  ];
  clocks.forEach(([h, m], i) => {
    add(
      `clock-${i + 1}`,
      "spatial",
      "What time does this clock show? What time will it be in 45 minutes?",
      clockFace(h, m),
    );
  });

  const counts: [string[], number, string][] = [
    [["circle", "square"], 11, "How many circles and how many squares are there?"],
    [["triangle", "star", "circle"], 14, "Count the stars. Which colour are most of the triangles?"],
    [["square"], 9, "How many squares are there of each colour?"],
    [["star", "circle"], 16, "How many shapes are there in all? How many are red?"],
    [["triangle", "square", "circle", "star"], 18, "Which shape appears most often?"],
  ];
  counts.forEach(([shapes, n, q], i) => {
    add(`count-${i + 1}`, "counting", q, scatter(r, shapes, n));
  });
  return out;
}
