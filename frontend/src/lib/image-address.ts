//! What a post's or story's image may be (the server's rule, backend media/source.rs): the
//! gallery's `data:image/…` URL or an http(s) address typed under 'From URL'.

/** Shown under 'Image URL' and on Share for anything else ('example.com/a.jpg' has no scheme). */
export const IMAGE_ADDRESS_MESSAGE = 'Enter an image address starting with https://';

/** A complete http(s) URL with a host: the only addresses worth asking the browser to preview. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Null when the trimmed `value` is an image the server takes, else the message to show. */
export function imageAddressProblem(value: string): string | null {
  const trimmed = value.trim();
  return /^data:image\//i.test(trimmed) || isHttpUrl(trimmed) ? null : IMAGE_ADDRESS_MESSAGE;
}
