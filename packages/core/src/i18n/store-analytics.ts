import { defineMessages } from './define.ts';

/**
 * The store's analytics (issue 24 item 6): an app's last 30 days in the developer console, and the
 * whole store's in the admins' console.
 */
export const storeAnalyticsMessages = defineMessages({
  en: {
    'storeAnalytics.appTitle': 'Last 30 days',
    'storeAnalytics.storeTitle': 'The store, last 30 days',
    'storeAnalytics.loading': 'Loading the figures',
    'storeAnalytics.failed': 'The figures could not be loaded.',
    'storeAnalytics.retry': 'Try again',
    'storeAnalytics.figure': 'Figure shown',
    'storeAnalytics.downloads': 'Downloads',
    'storeAnalytics.launches': 'Launches',
    'storeAnalytics.purchases': 'Purchases',
    'storeAnalytics.ratings': 'New ratings',
    'storeAnalytics.earnings': 'Earnings in {symbol}',
    'storeAnalytics.total': '{figure}: {total} in 30 days',
    'storeAnalytics.day': '{date}: {value}',
    'storeAnalytics.bars': '{figure} per day',
  },
  zh: {
    'storeAnalytics.appTitle': '近 30 天',
    'storeAnalytics.storeTitle': '商店近 30 天',
    'storeAnalytics.loading': '正在加载数据',
    'storeAnalytics.failed': '无法加载数据。',
    'storeAnalytics.retry': '重试',
    'storeAnalytics.figure': '显示的数据',
    'storeAnalytics.downloads': '下载量',
    'storeAnalytics.launches': '启动次数',
    'storeAnalytics.purchases': '购买次数',
    'storeAnalytics.ratings': '新评分',
    'storeAnalytics.earnings': '{symbol} 收入',
    'storeAnalytics.total': '{figure}：30 天共 {total}',
    'storeAnalytics.day': '{date}：{value}',
    'storeAnalytics.bars': '每日{figure}',
  },
});
