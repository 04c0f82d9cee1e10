import { defineMessages } from './define.ts';

/** The owner's donations page, `{mount}/integrations/donations` (issue 25, seed 000 §2). */
export const integrationsDonationsMessages = defineMessages({
  en: {
    'donations.page.title': 'Donations',
    'donations.page.description':
      'Every donation link and what it has raised. A host page makes one with POST /api/donations and shows it with the donate widget.',
    'donations.page.supports': 'Supports',
    'donations.page.untitled': 'Untitled',
    'donations.page.target': 'Target',
    'donations.page.supporters': 'Supporters',
    'donations.page.raised': 'Raised',
    'donations.page.status': 'Status',
    'donations.page.active': 'Taking donations',
    'donations.page.inactive': 'Off',
    'donations.page.created': 'Created',
    'donations.page.emptyTest':
      'No donation links in test mode yet. Make one with POST /api/donations, or a payment link with donation settings.',
    'donations.page.emptyLive':
      'No donation links in live mode yet. Make one with POST /api/donations, or a payment link with donation settings.',
  },
  zh: {
    'donations.page.title': '捐赠',
    'donations.page.description':
      '所有捐赠链接及其已筹得的金额。宿主页面通过 POST /api/donations 创建捐赠，并用捐赠组件展示。',
    'donations.page.supports': '支持对象',
    'donations.page.untitled': '未命名',
    'donations.page.target': '目标',
    'donations.page.supporters': '支持者',
    'donations.page.raised': '已筹得',
    'donations.page.status': '状态',
    'donations.page.active': '接受捐赠',
    'donations.page.inactive': '已停用',
    'donations.page.created': '创建时间',
    'donations.page.emptyTest':
      '测试模式下还没有捐赠链接。可通过 POST /api/donations 或带捐赠设置的支付链接创建。',
    'donations.page.emptyLive':
      '正式模式下还没有捐赠链接。可通过 POST /api/donations 或带捐赠设置的支付链接创建。',
  },
});
