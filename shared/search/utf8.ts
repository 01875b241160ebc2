/**
 * UTF-8 through the platform's TextEncoder and TextDecoder (Node and browsers both have them; the
 * shared code's compiler settings name no platform, hence the types here).
 */
interface Encoder {
  encode(text: string): Uint8Array;
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
}
interface Decoder {
  decode(bytes: Uint8Array): string;
}
const platform = globalThis as unknown as {
  TextEncoder: new () => Encoder;
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => Decoder;
};

export const utf8Encoder: Encoder = new platform.TextEncoder();
/** Decodes as the platform does: a malformed sequence becomes U+FFFD. */
export const utf8Decoder: Decoder = new platform.TextDecoder();
/** Refuses a malformed sequence (throws). */
export const strictUtf8Decoder: Decoder = new platform.TextDecoder('utf-8', { fatal: true });
