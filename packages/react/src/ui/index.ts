// The shared UI kit the app's screens are built on (docs/architecture.md): dialogs, list pages and
// the detail frame. A new dashboard or console screen is data and columns on these, not a copied page.
export * from './dialogs/index.ts';
export * from './list/index.ts';
export * from './detail/index.ts';
export { CopyButton, type CopyButtonProps } from './CopyButton.tsx';
export { QrCode, type QrCodeProps } from './QrCode.tsx';
export { DidAvatar, type DidAvatarProps, type DidAvatarUser } from './DidAvatar.tsx';
export { colorOf, identiconDataUrl } from './identicon.ts';
export { shortAddress, shortDid, type ShortDidOptions } from './short-address.ts';
