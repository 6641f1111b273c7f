// A visitor's data as one zip they download: data.json (./personal-data.ts), a README saying what it holds, and each
// image of their conversations under images/, streamed as it is written (lib/export's ZipStreamWriter).
import type { Db } from "../db/context";
import { ZipStreamWriter } from "../export";
import { imageBytes } from "../images";
import { type AccountData, accountData } from "./account";
import { type PersonalData, personalData } from "./personal-data";

const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

const README = `Everything Vision Arena stores about you (your browser's visitor id), as of the date of this download.

data.json   your visitor record, every battle and chat you started (your questions and the answers), your votes,
            the reasons you gave after voting, the answers you reported and the battles you liked; when you were
            signed in, your account too (name, e-mail, role, the sign-in providers linked, your API tokens' names
            and dates, never a password or a token)
images/     the pictures you sent, named by their SHA-256

Delete all of it from the page "Your board" (/me): your votes then leave the next leaderboard and every export
made after the deletion, and your pictures leave the store unless another battle uses them. Signed in, the
deletion takes your account too (an admin's account is removed by another admin).
`;

/** Whose data: this browser's visitor, the signed-in account, or both. */
export interface DataSubject {
  visitorId: string | null;
  userId: string | null;
}

/** data.json: the account (when signed in) and the visitor's data, each picture named by its digest and type only
 *  (where it is stored is the arena's business, its bytes are under images/). */
export const dataDocument = (account: AccountData | null, data: PersonalData): string =>
  `${JSON.stringify({ account, ...data, images: data.images.map(({ sha256, mime }) => ({ sha256, mime })) }, null, 2)}\n`;

/** Where a picture goes in the zip: images/<sha256>.<its type's extension>. */
export const imageEntryName = (image: { sha256: string; mime: string }) =>
  `images/${image.sha256}.${EXTENSION[image.mime] ?? "bin"}`;

export async function personalArchive(db: Db, subject: DataSubject): Promise<ReadableStream<Uint8Array>> {
  const data = await personalData(db, subject.visitorId);
  const account = subject.userId ? await accountData(db, subject.userId) : null;
  const zip = new ZipStreamWriter("vision-arena-my-data");
  void (async () => {
    try {
      for (const [name, text] of [
        ["README.txt", README],
        ["data.json", dataDocument(account, data)],
      ] as const) {
        const entry = zip.entry(name);
        await entry.write(text);
        await entry.end();
      }
      for (const image of data.images) {
        // through lib/images' one door: a picture moderation removed is not handed out, even to its sender
        const bytes = await imageBytes(image);
        if (!bytes) continue;
        const entry = zip.entry(imageEntryName(image));
        await entry.write(bytes.data);
        await entry.end();
      }
      zip.finish();
    } catch (error) {
      zip.fail(error);
    }
  })();
  return zip.readable;
}
