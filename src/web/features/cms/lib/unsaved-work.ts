import { createContext, useContext, useEffect } from 'react';

/**
 * Whether the website editor holds work not yet saved (docs/decisions/0018-editor-keeps-work.md).
 * The editor provides the setter; a form reports into it while it is open and dirty, and stops
 * when it closes or is saved. The editor then asks before the principal leaves or switches section.
 */
export const UnsavedWorkContext = createContext<(unsaved: boolean) => void>(() => {});

/** Reports `unsaved` to the editor around this component, and "nothing unsaved" when it goes. */
export function useReportUnsavedWork(unsaved: boolean): void {
  const report = useContext(UnsavedWorkContext);
  useEffect(() => {
    report(unsaved);
  }, [report, unsaved]);
  useEffect(() => () => report(false), [report]);
}

/** The upload of a picture chosen but not yet uploaded: the form runs it before saving. */
export type PendingUpload = () => Promise<{ image: string; alt: string }>;

export const LEAVE_TITLE = 'cms.editor.leaveTitle';
export const LEAVE_TEXT = 'cms.editor.leaveText';
/** `{ reason }`: why the chosen picture could not be uploaded. */
export const UPLOAD_BEFORE_SAVE_FAILED = 'cms.editor.uploadBeforeSaveFailed';
