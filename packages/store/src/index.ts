// Kiosk Store (issue 12): bundles, their signatures, checks and storage first; apps, reviews and search next.
export { APP_DID_PATTERN, addressOfAppDid, appDidFromPrivateKey, isAppDid } from './bundles/app-did.ts';
export {
  BUNDLE_MAX_BYTES,
  BUNDLE_ROOT,
  CHANGELOG_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  IMAGE_EXTENSIONS,
  LOGO_MAX_BYTES,
  METADATA_FILE,
  METADATA_MAX_BYTES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOTS_MAX,
  TITLE_MAX_LENGTH,
  bundleMetadataSchema,
  isBundlePath,
  parseBundleMetadata,
  type BundleMetadata,
  type MetadataParse,
  type MetadataProblem,
} from './bundles/metadata.ts';
export { integrityOf, integrityOfFile, integrityOfStream, isIntegrity } from './bundles/integrity.ts';
export {
  RELEASE_TEXT_TITLE,
  releaseText,
  signRelease,
  verifyRelease,
  type Release,
  type ReleaseVerdict,
  type SignedRelease,
} from './bundles/release-signature.ts';
export {
  APP_KEY_FILE,
  packBundle,
  packBundleToFile,
  type PackedBundle,
  type PackOptions,
  type PackProgress,
  type SkippedPath,
} from './bundles/pack.ts';
export {
  BUNDLE_MAX_FILES,
  BUNDLE_MAX_UNPACKED_BYTES,
  inspectBundle,
  type BundleImage,
  type BundleInspection,
  type InspectOptions,
  type SecretHit,
} from './bundles/inspect.ts';
export {
  BUNDLE_PROBLEM_CODES,
  bundleProblemKey,
  describeBundleProblem,
  type BundleProblem,
  type BundleProblemCode,
} from './bundles/problems.ts';
export { checkRelease, type ReleaseCheck, type ReleaseCheckInput } from './bundles/check-release.ts';
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
