// Types of src/node-module.js, for the engine's TypeScript that imports it.
import type { BuildOptions, Metafile, OutputFile } from 'esbuild';

export declare const NODE_BUNDLE: BuildOptions;
export declare function bundleForNode(options: BuildOptions): Promise<{ contents: Uint8Array; outputFiles: OutputFile[]; metafile: Metafile | undefined }>;
export declare function cacheFolder(root: string): string;
export declare function moduleFolder(root: string): string;
export declare function writeWhole(file: string, contents: string | Uint8Array): Promise<void>;
export declare function importModule<T = unknown>(specifier: string): Promise<T>;
export declare function keepWhole(file: string, contents: string | Uint8Array): Promise<void>;
export declare function readKept(file: string): unknown;
export declare function runKeptCode(
  file: string,
  folder: string,
): { exports: Record<string, unknown>; fromKeptCode: boolean; keepCode: () => Promise<void>; codeFile: string };
