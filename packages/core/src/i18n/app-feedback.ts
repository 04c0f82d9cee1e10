import { defineMessages } from './define.ts';

/**
 * Ratings and comments of Kiosk Store apps (issue 24 item 5): why the server refuses a rating, a
 * comment, a report or a moderation, and the app page's ratings and comments section.
 */
export const appFeedbackMessages = defineMessages({
  en: {
    'error.RATING_NEEDS_PURCHASE': 'Only buyers of this app may rate it',
    'error.RATING_OWN_APP': 'You cannot rate your own app',
    'error.COMMENT_NOT_FOUND': 'No such comment on this app',
    'error.COMMENT_NOT_YOURS': 'Only its author may change or delete this comment',
    'error.COMMENT_REPLY_TO_REPLY': 'A reply cannot be answered: answer the comment it replies to',
    'error.COMMENT_HIDDEN': 'This comment was hidden by an admin',
    'error.COMMENT_RATE_LIMITED':
      'You are commenting too fast: at most {max} comments a minute. Try again in {after} s',
    'error.REPORT_RATE_LIMITED':
      'You are reporting too fast: at most {max} reports a minute. Try again in {after} s',
    'error.COMMENT_ALREADY_REPORTED': 'You have already reported this comment',
    'error.COMMENT_REPORT_OWN': 'You cannot report your own comment',
    'error.COMMENT_VOTE_OWN': 'You cannot mark your own comment helpful',
    'validation.ratingScore': 'A rating is a whole number of stars from 1 to 5',
    'validation.commentBody': 'Write something first',
    'validation.commentTooLong': 'A comment is at most 5000 characters',
    'validation.hideReason': 'Say why the comment is hidden: its author reads it',
  },
  zh: {
    'error.RATING_NEEDS_PURCHASE': '只有购买了该应用的用户才能评分',
    'error.RATING_OWN_APP': '不能给自己的应用评分',
    'error.COMMENT_NOT_FOUND': '该应用没有这条评论',
    'error.COMMENT_NOT_YOURS': '只有作者可以修改或删除这条评论',
    'error.COMMENT_REPLY_TO_REPLY': '不能回复一条回复，请回复它所回复的评论',
    'error.COMMENT_HIDDEN': '这条评论已被管理员隐藏',
    'error.COMMENT_RATE_LIMITED': '评论过于频繁：每分钟最多 {max} 条，请在 {after} 秒后重试',
    'error.REPORT_RATE_LIMITED': '举报过于频繁：每分钟最多 {max} 次，请在 {after} 秒后重试',
    'error.COMMENT_ALREADY_REPORTED': '您已经举报过这条评论',
    'error.COMMENT_REPORT_OWN': '不能举报自己的评论',
    'error.COMMENT_VOTE_OWN': '不能将自己的评论标记为有用',
    'validation.ratingScore': '评分须为 1 到 5 的整数星',
    'validation.commentBody': '请先输入内容',
    'validation.commentTooLong': '评论最多 5000 个字符',
    'validation.hideReason': '请说明隐藏原因，评论作者会看到',
  },
});
