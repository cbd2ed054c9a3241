import type { Reporter, TestModule } from "vitest/node";

interface ProjectSpan {
  files: number;
  firstStart: number;
  lastEnd: number;
  fileTime: number;
}

/**
 * Prints, after the run, how long each Vitest project took: the wall-clock span from its first file's
 * start to its last file's end, and the summed time of its files. CI must stay within its budget as
 * the wave adds screens, so the run says where its time goes.
 */
export default class ProjectDurationReporter implements Reporter {
  private readonly spans = new Map<string, ProjectSpan>();
  private readonly starts = new Map<string, number>();

  onTestModuleStart(testModule: TestModule): void {
    this.starts.set(testModule.moduleId, Date.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const end = Date.now();
    const start = this.starts.get(testModule.moduleId) ?? end;
    const name = testModule.project.name || "default";
    const span = this.spans.get(name) ?? { files: 0, firstStart: start, lastEnd: end, fileTime: 0 };
    span.files += 1;
    span.firstStart = Math.min(span.firstStart, start);
    span.lastEnd = Math.max(span.lastEnd, end);
    span.fileTime += testModule.diagnostic().duration;
    this.spans.set(name, span);
  }

  onTestRunEnd(): void {
    if (this.spans.size === 0) return;
    const lines = [...this.spans].map(
      ([name, span]) =>
        `  ${name.padEnd(9)} ${String(span.files).padStart(4)} files  ${seconds(span.lastEnd - span.firstStart).padStart(8)} wall  ${seconds(span.fileTime).padStart(8)} in tests`,
    );
    process.stdout.write(`\nDuration per project:\n${lines.join("\n")}\n`);
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
