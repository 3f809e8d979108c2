export declare const DONE_MARKER: string;
export declare function precompressDir(
  dir: string,
  options?: { brotli?: boolean; gzip?: boolean },
): Promise<void>;
