// Kiosk Store (issue 12): bundle storage, apps, versions, reviews and search. The bundle format itself
// (packing, signatures, the upload checks) is @kiosk/bundle, which the CLI shares.
export * from './storage/bundle-storage.ts';
export { FileBundleStorage } from './storage/file-storage.ts';
export {
  parseRangeHeader,
  contentRange,
  unsatisfiedContentRange,
  type RangeRequest,
} from './storage/range.ts';
export {
  sendBundle,
  decideDownload,
  bundleEtag,
  type BundleDownload,
  type DownloadAnswer,
  type DownloadRequest,
} from './storage/send-bundle.ts';
export { storePlugin, storeMigrations } from './plugin.ts';
export type { StoreContext } from './context.ts';
