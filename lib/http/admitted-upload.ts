// An upload form read under the arena's admission, the one order every upload route keeps: admitted before the body
// (a refusal costs no bytes), the caller's cheap checks next (standing, limits, the conversation), then the body
// within its limits, and the admission's slot given back whatever happens.
import { admitUpload } from "../arena";
import { readUploadForm, type UploadForm, type UploadFormLimits, uploadSize } from "./upload-form";

export async function readAdmittedUpload<Checked>(
  request: Request,
  /** whose uploads are counted at once: the visitor, or for a lookup without a cookie their address */
  uploader: string,
  /** refusals decided before the body is read; what they return shapes the limits and reaches `use` */
  preflight: () => Promise<Checked>,
  limits: (checked: Checked) => UploadFormLimits,
  use: (form: UploadForm, checked: Checked) => Promise<Response>,
): Promise<Response> {
  const admission = await admitUpload(uploader, uploadSize(request));
  try {
    const checked = await preflight();
    const form = await readUploadForm(request, limits(checked));
    admission.bodyRead();
    return await use(form, checked);
  } finally {
    admission.release();
  }
}
