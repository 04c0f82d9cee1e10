import { defineMessages } from './define.ts';

/**
 * The dashboard's Customers screens (issue 23 item 1): the list and a customer's page with its
 * payments, subscriptions, invoices and what it has paid and owes. A screen group: it loads with those
 * screens, never in a page's first load.
 */
export const dashboardCustomersMessages = defineMessages({
  en: {
    'dashboard.customers.title': 'Customers',
    'dashboard.customers.description':
      'Everyone who has checked out with you in this mode, newest first. A customer is made at their first checkout.',
    'dashboard.customers.name': 'Name',
    'dashboard.customers.email': 'Email',
    'dashboard.customers.did': 'DID',
    'dashboard.customers.created': 'Created',
    'dashboard.customers.noName': 'No name given',
    'dashboard.customers.emptyLive': 'No live customers yet.',
    'dashboard.customers.emptyTest': 'No test customers yet.',
    'dashboard.customers.noMatch': 'No customer’s name, email or DID contains “{search}”.',

    'dashboard.customers.back': 'Customers',
    'dashboard.customers.loading': 'Loading the customer',
    'dashboard.customers.notFound.title': 'Customer not found',
    'dashboard.customers.notFound.live':
      'There is no live customer {id}. If it is a test customer, turn on Test mode.',
    'dashboard.customers.notFound.test':
      'There is no test customer {id}. If it is a live customer, turn off Test mode.',
    'dashboard.customers.loadFailed': 'The customer could not be loaded.',
    'dashboard.customers.retry': 'Retry',
    'dashboard.customers.phone': 'Phone',
    'dashboard.customers.address': 'Address',
    'dashboard.customers.id': 'ID',

    'dashboard.customers.paymentsAll': 'See all {count} payments',
    'dashboard.customers.subscriptionsAll': 'See all {count} subscriptions',
    'dashboard.customers.invoicesAll': 'See all {count} invoices',
    'dashboard.customers.balance': 'Paid and owed',
    'dashboard.customers.balanceFailed': 'What this customer paid and owes could not be loaded.',
    'dashboard.customers.paid': 'Paid',
    'dashboard.customers.due': 'Owed',
    'dashboard.customers.overdue': 'Overdue',
    'dashboard.customers.nothing': 'Nothing',
    'dashboard.customers.overdueInvoices':
      'Overdue invoices: {count}, on {subscriptions} subscription(s). New purchases are blocked until they are paid.',
    'dashboard.customers.nothingOverdue': 'Nothing is overdue.',

    'dashboard.customers.payments': 'Payments',
    'dashboard.customers.paymentsEmpty': 'This customer has made no payment yet.',
    'dashboard.customers.paymentsFailed': 'The payments could not be loaded.',
    'dashboard.customers.subscriptions': 'Subscriptions',
    'dashboard.customers.subscriptionsEmpty': 'This customer has no subscription.',
    'dashboard.customers.subscriptionsFailed': 'The subscriptions could not be loaded.',
    'dashboard.customers.invoices': 'Invoices',
    'dashboard.customers.invoicesEmpty': 'This customer has no invoice yet.',
    'dashboard.customers.invoicesFailed': 'The invoices could not be loaded.',
    'dashboard.customers.latest': 'The latest {shown} of {count}.',
    'dashboard.customers.since': 'Since {date}',
    'dashboard.customers.dueOn': 'Due {date}',
  },
  zh: {
    'dashboard.customers.title': '客户',
    'dashboard.customers.description': '在此模式下与你完成过结账的所有人，最新的在前。客户在首次结账时创建。',
    'dashboard.customers.name': '姓名',
    'dashboard.customers.email': '邮箱',
    'dashboard.customers.did': 'DID',
    'dashboard.customers.created': '创建时间',
    'dashboard.customers.noName': '未填写姓名',
    'dashboard.customers.emptyLive': '还没有正式模式的客户。',
    'dashboard.customers.emptyTest': '还没有测试模式的客户。',
    'dashboard.customers.noMatch': '没有客户的姓名、邮箱或 DID 包含“{search}”。',

    'dashboard.customers.back': '客户',
    'dashboard.customers.loading': '正在加载客户',
    'dashboard.customers.notFound.title': '找不到该客户',
    'dashboard.customers.notFound.live': '没有正式模式的客户 {id}。如果它是测试客户，请打开测试模式。',
    'dashboard.customers.notFound.test': '没有测试模式的客户 {id}。如果它是正式客户，请关闭测试模式。',
    'dashboard.customers.loadFailed': '无法加载该客户。',
    'dashboard.customers.retry': '重试',
    'dashboard.customers.phone': '电话',
    'dashboard.customers.address': '地址',
    'dashboard.customers.id': 'ID',
    'dashboard.customers.paymentsAll': '查看全部 {count} 笔付款',
    'dashboard.customers.subscriptionsAll': '查看全部 {count} 个订阅',
    'dashboard.customers.invoicesAll': '查看全部 {count} 张账单',

    'dashboard.customers.balance': '已付与欠款',
    'dashboard.customers.balanceFailed': '无法加载该客户的已付金额和欠款。',
    'dashboard.customers.paid': '已付',
    'dashboard.customers.due': '欠款',
    'dashboard.customers.overdue': '逾期',
    'dashboard.customers.nothing': '无',
    'dashboard.customers.overdueInvoices':
      '逾期账单：{count} 张，涉及 {subscriptions} 个订阅。付清之前无法再购买。',
    'dashboard.customers.nothingOverdue': '没有逾期款项。',

    'dashboard.customers.payments': '付款',
    'dashboard.customers.paymentsEmpty': '该客户还没有付款。',
    'dashboard.customers.paymentsFailed': '无法加载付款。',
    'dashboard.customers.subscriptions': '订阅',
    'dashboard.customers.subscriptionsEmpty': '该客户没有订阅。',
    'dashboard.customers.subscriptionsFailed': '无法加载订阅。',
    'dashboard.customers.invoices': '账单',
    'dashboard.customers.invoicesEmpty': '该客户还没有账单。',
    'dashboard.customers.invoicesFailed': '无法加载账单。',
    'dashboard.customers.latest': '最近 {shown} 条，共 {count} 条。',
    'dashboard.customers.since': '始于 {date}',
    'dashboard.customers.dueOn': '{date} 到期',
  },
});
