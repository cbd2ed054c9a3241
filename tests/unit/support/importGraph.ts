import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync } from "vite";

/** One import of a module: a repository path (posix, from the root) or a package name. */
export interface ImportEdge {
  /** The specifier as written, for the report. */
  readonly specifier: string;
  /** The imported file's repository path, or the package's name for a bare specifier. */
  readonly target: string;
  readonly isPackage: boolean;
  /** False when a relative specifier names no file: the graph would silently miss an edge. */
  readonly resolved: boolean;
}

/** Every module's imports, by repository path. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

const SOURCE_FILE = /\.tsx?$/;
const EXTENSIONS_TRIED = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/**
 * The specifiers a module imports: import and export-from statements, type-only ones included, and
 * dynamic import() of a string literal (the lazily loaded screens are imports too).
 */
export function importSpecifiers(file: string, source: string): string[] {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`);
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const dynamic = dynamicImports.map((found) =>
    source.slice(found.moduleRequest.start, found.moduleRequest.end),
  );
  return [
    ...staticImports.map((found) => found.moduleRequest.value),
    ...staticExports.flatMap((found) => found.entries.flatMap((entry) => entry.moduleRequest?.value ?? [])),
    // A computed specifier names no module the graph could follow; only literals count.
    ...dynamic.flatMap((expression) => /^(["'`])([^"'`]*)\1$/.exec(expression)?.[2] ?? []),
  ];
}

/** A bare specifier's package: `date-fns/locale` is date-fns, `@date-fns/utc` stays whole. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

function edgeFor(file: string, specifier: string, fileExists: (file: string) => boolean): ImportEdge {
  if (!specifier.startsWith(".")) {
    return { specifier, target: packageName(specifier), isPackage: true, resolved: true };
  }
  // Vite's query suffixes (?no-inline, ?url) name the same file.
  const joined = path.posix.join(path.posix.dirname(file), specifier.replace(/\?.*$/, ""));
  const target = EXTENSIONS_TRIED.map((ending) => joined + ending).find(fileExists);
  return { specifier, target: target ?? joined, isPackage: false, resolved: target !== undefined };
}

/**
 * The import graph of modules given as source text by repository path; `fileExists` answers for the
 * files that are not modules (JSON, SVG) a specifier may name.
 */
export function importGraphOf(
  sources: ReadonlyMap<string, string>,
  fileExists: (file: string) => boolean = (file) => sources.has(file),
): ImportGraph {
  const exists = (file: string) => sources.has(file) || fileExists(file);
  return new Map(
    [...sources].map(([file, source]) => [
      file,
      importSpecifiers(file, source).map((specifier) => edgeFor(file, specifier, exists)),
    ]),
  );
}

function sourceFilesUnder(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The import graph of every .ts and .tsx file under the given folders of the repository. */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const files = folders.flatMap((folder) => sourceFilesUnder(root, folder));
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
  return importGraphOf(
    sources,
    (file) => statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() ?? false,
  );
}
