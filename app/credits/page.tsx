import type { Metadata } from "next";
import { Table } from "@/components/table";
import { presetBank } from "@/lib/arena";

export const metadata: Metadata = { title: "Image credits" };

// Who made the pictures behind "Random image", under which licence: the photographs' authors are credited as their
// licences ask; the charts, documents and diagrams were drawn for this project and are CC0.
export default function CreditsPage() {
  const bank = presetBank();
  const photos = bank.filter((p) => p.photo);
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Image credits</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The Random image button draws from {bank.length} pictures: {photos.length} photographs, each public domain,
          CC0 or CC BY, and {bank.length - photos.length} charts, tables, receipts, signs, letters and diagrams drawn
          for this project (CC0).
        </p>
      </div>
      <Table aria-label="Photographs and their licences">
        <thead>
          <tr>
            <th scope="col">Photograph</th>
            <th scope="col">Author</th>
            <th scope="col">Licence</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {photos.map((p) => (
            <tr key={p.id}>
              <td>
                <a href={`/presets/${p.file}`} className="underline">
                  {p.title ?? p.id}
                </a>
              </td>
              <td>{p.author}</td>
              <td>{p.licence}</td>
              <td>{p.source}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
