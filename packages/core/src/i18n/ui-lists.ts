import { defineMessages } from './define.ts';

/**
 * The UI kit's list page and detail frame (@kiosk/react/ui): what they say on their own, before a
 * screen gives its words. A screen's title, columns, empty text and problem texts are the screen's.
 */
export const uiListsMessages = defineMessages({
  en: {
    // Read out when a list has loaded (i18next picks _one or _other by `count`).
    'ui.list.results_one': '{number} result',
    'ui.list.results_other': '{number} results',
    'ui.list.noResults': 'No results',
    'ui.list.filters': 'Filters',
    'ui.list.all': 'All',
    'ui.detail.loading': 'Loading…',
    'ui.detail.notFound.title': 'Not found',
    'ui.detail.notFound.description': 'There is nothing here, or it is not yours to see.',
    'ui.detail.denied.title': 'You may not see this page',
    'ui.detail.error.title': 'This page could not be loaded.',
    'ui.detail.retry': 'Try again',
  },
  zh: {
    'ui.list.results_one': '{number} 条结果',
    'ui.list.results_other': '{number} 条结果',
    'ui.list.noResults': '没有结果',
    'ui.list.filters': '筛选',
    'ui.list.all': '全部',
    'ui.detail.loading': '加载中…',
    'ui.detail.notFound.title': '未找到',
    'ui.detail.notFound.description': '这里没有内容，或您无权查看。',
    'ui.detail.denied.title': '您无权查看此页面',
    'ui.detail.error.title': '无法加载此页面。',
    'ui.detail.retry': '重试',
  },
});
