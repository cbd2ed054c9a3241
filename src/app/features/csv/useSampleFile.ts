import { useCallback } from "react";
import { uploadSample } from "../../../contract/uploadSamples.ts";
import type { UploadFileType } from "../../../contract/uploads.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { saveTextFile } from "../../ui/saveTextFile.ts";

/** Saves a file type's sample file (the header of its columns, UTF-8 with a BOM) through the browser. */
export function useSampleFile(): (fileType: UploadFileType) => Promise<void> {
  const run = useRunCall();
  return useCallback(
    async (fileType) => {
      const outcome = await run(uploadSample, { fileType }, { reportUnexpected: true });
      if (outcome.ok) saveTextFile(outcome.result.fileName, outcome.result.content);
    },
    [run],
  );
}
