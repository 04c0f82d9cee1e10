import { defineMessages } from './define.ts';

/**
 * The UI kit's dialogs (@kiosk/react/ui): the buttons and messages the kit says itself. Titles,
 * messages and the confirm button's words are the calling screen's, and the server's refusals come
 * with their own text.
 */
export const uiDialogsMessages = defineMessages({
  en: {
    'uiDialogs.cancel': 'Cancel',
    'uiDialogs.done': 'Done',
    'uiDialogs.failed': 'Something went wrong. Please try again.',
  },
  zh: {
    'uiDialogs.cancel': '取消',
    'uiDialogs.done': '完成',
    'uiDialogs.failed': '出错了，请重试。',
  },
});
