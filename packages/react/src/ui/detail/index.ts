// The detail frame of the UI kit: a record's page is its title, facts and sections on these.
export { DetailFrame, type DetailFrameProps } from './DetailFrame.tsx';
export { DetailProblemMessage, type DetailProblem } from './DetailProblem.tsx';
export { DetailSummary, type DetailSummaryRow } from './DetailSummary.tsx';
export {
  DetailSection,
  queryError,
  type DetailSectionError,
  type DetailSectionProps,
} from './DetailSection.tsx';
export { DetailItems, type DetailItem } from './DetailItems.tsx';
export { DetailTimeline, type DetailTimelineEntry } from './DetailTimeline.tsx';
