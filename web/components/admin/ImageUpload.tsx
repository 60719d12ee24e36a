// Uploads an image to POST /api/admin/images (the raw file as the body) by button or by dropping a file.
import { useRef, useState, type DragEvent } from "react";
import { MAX_IMAGE_BYTES, parseMediaUrl } from "../../../src/schemas/media.js";
import { useToast } from "../toast.js";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** Sends one file; resolves with the stored image or rejects with the server's message. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error("Image too large (at most 10 MB)");
  const res = await fetch("/api/admin/images", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": file.type || "application/octet-stream", "x-file-name": encodeURIComponent(file.name) },
    body: file,
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.message ?? `${res.status}: ${res.statusText}`);
  return body as UploadedImage;
}

/** A small thumbnail URL for an image: the 320 px WebP of an upload, or the URL itself. */
export const thumbnailUrl = (url: string) => {
  const ref = parseMediaUrl(url);
  return ref ? `/media/${ref.id}/${ref.widths[0]}.webp` : url;
};

export function ImageUpload({ imageUrl, onUploaded }: { imageUrl: string; onUploaded: (image: UploadedImage) => void }) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const image = await uploadImage(file);
      onUploaded(image);
      toast({ title: "Image Uploaded", description: `${image.width}×${image.height}. Add its alt text before saving.` });
    } catch (err) {
      toast({ title: "Upload Failed", description: (err as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    void send(e.dataTransfer.files[0]);
  }

  return (
    <div
      className={`admin-dropzone${over ? " is-over" : ""}`}
      data-testid="image-dropzone"
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {imageUrl && <img src={thumbnailUrl(imageUrl)} alt="" className="admin-thumb" />}
      <p>{busy ? "Uploading…" : "Drop an image here (JPEG, PNG, WebP, AVIF or GIF, at most 10 MB) or"}</p>
      <button type="button" className="admin-btn admin-btn-ghost" onClick={() => input.current?.click()} disabled={busy}>
        Upload image
      </button>
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label="Image file" onChange={(e) => void send(e.target.files?.[0])} />
    </div>
  );
}
