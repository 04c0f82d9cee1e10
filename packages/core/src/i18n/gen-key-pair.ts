import { defineMessages } from './define.ts';

/**
 * `/gen-key-pair` (issue 12 item 1): an app's key pair made in the browser, the same key file
 * `kiosk keygen` writes. The title is `page.screen.genKeyPair`.
 */
export const genKeyPairMessages = defineMessages({
  en: {
    'genKeyPair.description':
      'An app in the store is named by the DID of its own key pair. Make one here, or in a terminal with kiosk keygen.',
    'genKeyPair.madeHere': 'The key is made in this browser and sent nowhere: not to Kiosk, not to anyone.',
    'genKeyPair.holderPublishes':
      'Whoever holds the private key can publish versions of the app. Keep it like a password, and out of version control.',
    'genKeyPair.generate': 'Generate key pair',
    'genKeyPair.resultTitle': 'Your app’s key pair',
    'genKeyPair.did': 'App DID',
    'genKeyPair.copyDid': 'Copy the app DID',
    'genKeyPair.privateKey': 'Private key',
    'genKeyPair.privateKeyHidden': 'Hidden. Choose Show to see it.',
    'genKeyPair.show': 'Show',
    'genKeyPair.hide': 'Hide',
    'genKeyPair.showKey': 'Show the private key',
    'genKeyPair.hideKey': 'Hide the private key',
    'genKeyPair.copyKey': 'Copy the private key',
    'genKeyPair.saveWarning':
      'This page keeps the key nowhere: save it now. Losing it loses the right to publish this app.',
    'genKeyPair.download': 'Download key file',
    'genKeyPair.downloadHint':
      'Put {file} in the app’s folder, where kiosk publish finds it; kiosk never packs it into a bundle.',
    'genKeyPair.kioskJson': 'kiosk.json',
    'genKeyPair.kioskJsonHint': 'Put this line in the app’s kiosk.json:',
    'genKeyPair.copyKioskJson': 'Copy the kiosk.json line',
    'genKeyPair.again': 'Generate another',
    'genKeyPair.againTitle': 'Generate another key pair?',
    'genKeyPair.againMessage':
      'The key shown now is lost unless you have saved it: this page keeps no copy, and an app named by it could no longer be published.',
    'genKeyPair.againConfirm': 'Generate another',
    'genKeyPair.cancel': 'Cancel',
    'genKeyPair.failed': 'The key pair could not be made in this browser. {error}',
  },
  zh: {
    'genKeyPair.description':
      '商店中的应用以其自身密钥对的 DID 命名。可在此生成，或在终端运行 kiosk keygen。',
    'genKeyPair.madeHere': '密钥在此浏览器中生成，不会发送到任何地方：既不发给 Kiosk，也不发给任何人。',
    'genKeyPair.holderPublishes': '持有私钥的人即可发布该应用的版本。请像密码一样保管，且不要纳入版本控制。',
    'genKeyPair.generate': '生成密钥对',
    'genKeyPair.resultTitle': '您的应用密钥对',
    'genKeyPair.did': '应用 DID',
    'genKeyPair.copyDid': '复制应用 DID',
    'genKeyPair.privateKey': '私钥',
    'genKeyPair.privateKeyHidden': '已隐藏，点击“显示”查看。',
    'genKeyPair.show': '显示',
    'genKeyPair.hide': '隐藏',
    'genKeyPair.showKey': '显示私钥',
    'genKeyPair.hideKey': '隐藏私钥',
    'genKeyPair.copyKey': '复制私钥',
    'genKeyPair.saveWarning': '此页面不会保存密钥：请立即保存。丢失私钥即失去发布此应用的权利。',
    'genKeyPair.download': '下载密钥文件',
    'genKeyPair.downloadHint':
      '将 {file} 放在应用文件夹中，kiosk publish 会在那里找到它；kiosk 绝不会把它打包。',
    'genKeyPair.kioskJson': 'kiosk.json',
    'genKeyPair.kioskJsonHint': '将这一行写入应用的 kiosk.json：',
    'genKeyPair.copyKioskJson': '复制 kiosk.json 这一行',
    'genKeyPair.again': '再生成一个',
    'genKeyPair.againTitle': '再生成一个密钥对？',
    'genKeyPair.againMessage':
      '除非您已保存，当前显示的私钥将会丢失：此页面不保留副本，以它命名的应用将无法再发布。',
    'genKeyPair.againConfirm': '再生成一个',
    'genKeyPair.cancel': '取消',
    'genKeyPair.failed': '无法在此浏览器中生成密钥对。{error}',
  },
});
