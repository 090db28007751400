export interface Target {
  id: string;
  label: string;
  min: number;
}
export const TARGETS: Target[];
export interface FailingAudit {
  id: string;
  title: string;
  detail: string;
  weight?: number;
}
export interface Miss {
  category: string;
  score: number | null;
  min: number;
  audits: FailingAudit[];
}
export interface PageRow {
  page: string;
  scores: Record<string, number | null>;
  misses: Miss[];
  warnings: string[];
}
/** The parts of Lighthouse's result (LH.Result) these functions read. */
export interface LighthouseResult {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        errorMessage?: string;
      }
    | undefined
  >;
  runWarnings?: string[];
  runtimeError?: { code: string; message: string };
}
export function failingAudits(lhr: LighthouseResult, categoryId: string): FailingAudit[];
export function summarize(page: string, lhr: LighthouseResult): PageRow;
export function formatReport(rows: PageRow[]): string;
