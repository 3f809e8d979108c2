export declare const DIST: string;
export declare const ENTRIES: string[];
export declare function initialFiles(entry: string, dist?: string): string[];
export declare function reachableFiles(entry: string, dist?: string): string[];
export declare function sizes(
  files: string[],
  dist?: string,
  options?: { brotli?: boolean },
): { files: number; raw: number; gzip: number; brotli: number | undefined };
export declare function initialGzip(entry: string, dist?: string): number;
export declare function bytesPerSource(file: string, dist?: string): Map<string, number>;
export declare function groupOf(source: string): string;
export declare function largestModules(
  files: string[],
  dist?: string,
  count?: number,
): { name: string; bytes: number }[];
export declare function firstScreenFiles(entry: string, sources: string[], dist?: string): string[];
export declare const FIRST_SCREENS: { path: string; entry: string; sources: string[] }[];
