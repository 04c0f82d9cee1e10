import { defineMessages } from './define.ts';

/**
 * The embeddable donate widget (issue 25, seed 000 §9 and seed 001 §9): its button, the supporters
 * chip and list, and the dialog's closing note. The donation form inside is the checkout's.
 */
export const donateMessages = defineMessages({
  en: {
    'donate.button': 'Donate',
    'donate.dialogTitle': 'Support {title}',
    'donate.dialogTitleDefault': 'Make a donation',
    'donate.supporters_one': '{number} supporter',
    'donate.supporters_other': '{number} supporters',
    'donate.noSupporters': 'Be the first to support',
    'donate.supportersList': 'Supporters',
    'donate.total': '{amount} given in total',
    'donate.anonymous': 'Anonymous',
    'donate.loading': 'Loading supporters',
    'donate.closing': 'This window closes in {seconds} s.',
    'donate.close': 'Close',
  },
  zh: {
    'donate.button': '捐赠',
    'donate.dialogTitle': '支持 {title}',
    'donate.dialogTitleDefault': '捐赠',
    'donate.supporters_one': '{number} 位支持者',
    'donate.supporters_other': '{number} 位支持者',
    'donate.noSupporters': '成为第一位支持者',
    'donate.supportersList': '支持者',
    'donate.total': '共获得 {amount}',
    'donate.anonymous': '匿名',
    'donate.loading': '正在加载支持者',
    'donate.closing': '此窗口将在 {seconds} 秒后关闭。',
    'donate.close': '关闭',
  },
});
