import { defineMessages } from './define.ts';

/**
 * The merchant dashboard's frame (issue 23 item 1): the sections above each of its screens. A screen
 * group: it loads with the dashboard, never in a page's first load.
 */
export const dashboardMessages = defineMessages({
  en: {
    'dashboard.nav.label': 'Dashboard',
    'dashboard.nav.home': 'Home',
    'dashboard.nav.payments': 'Payments',
    'dashboard.nav.products': 'Products',
    'dashboard.nav.paymentLinks': 'Payment links',
    'dashboard.nav.customers': 'Customers',
    'dashboard.nav.subscriptions': 'Subscriptions',
    'dashboard.nav.invoices': 'Invoices',
    'dashboard.nav.donations': 'Donations',
    'dashboard.nav.developers': 'Developers',
    'dashboard.filter.customer': 'Customer: {name}',
    'dashboard.payments.statusFilter': 'Status',
  },
  zh: {
    'dashboard.nav.label': '控制面板',
    'dashboard.nav.home': '首页',
    'dashboard.nav.payments': '付款',
    'dashboard.nav.products': '产品',
    'dashboard.nav.paymentLinks': '支付链接',
    'dashboard.nav.customers': '客户',
    'dashboard.nav.subscriptions': '订阅',
    'dashboard.nav.invoices': '账单',
    'dashboard.nav.donations': '捐赠',
    'dashboard.nav.developers': '开发者',
    'dashboard.filter.customer': '客户：{name}',
    'dashboard.payments.statusFilter': '状态',
  },
});
