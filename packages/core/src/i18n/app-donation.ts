import { defineMessages } from './define.ts';

/**
 * Donations on an app's page (issue 24 item 7; seed 001 "Donation settings on the store"): the
 * section, and the owners' and admins' Enable button and settings dialog.
 */
export const appDonationMessages = defineMessages({
  en: {
    'appDonation.title': 'Support the developer',
    'appDonation.description': '{percent}% of each donation goes to the developer of {app}.',
    'appDonation.off': 'Donations are off on app pages. Visitors see nothing here until you enable them.',
    'appDonation.developerOff':
      'Donations are on for the store; this app’s developer has not turned them on for it.',
    'appDonation.enable': 'Enable',
    'appDonation.enabled': 'Donations enabled',
    'appDonation.configure': 'Donation settings',
    'appDonation.settings.title': 'Donation settings for app pages',
    'appDonation.settings.description':
      'Amounts in whole units of the currency the store sells in. They apply to every app page.',
    'appDonation.settings.presets': 'Suggested amounts',
    'appDonation.settings.presetsHint': 'Separated by commas, e.g. 1, 5, 10',
    'appDonation.settings.preset': 'Chosen first',
    'appDonation.settings.minimum': 'Minimum',
    'appDonation.settings.maximum': 'Maximum',
    'appDonation.settings.custom': 'Donors may give an amount of their own',
    'appDonation.settings.customHint': 'Off: only the suggested amounts',
    'appDonation.settings.button': 'Button text',
    'appDonation.settings.buttonHint': 'Empty: “Donate” in the visitor’s language',
    'appDonation.settings.save': 'Save',
    'appDonation.settings.saving': 'Saving…',
    'appDonation.settings.cancel': 'Cancel',
    'appDonation.settings.failed': 'The settings could not be saved',
    'appDonation.settings.required': 'Required',
  },
  zh: {
    'appDonation.title': '支持开发者',
    'appDonation.description': '每笔捐赠的 {percent}% 归 {app} 的开发者所有。',
    'appDonation.off': '应用页面的捐赠功能未启用。启用之前，访客在这里看不到任何内容。',
    'appDonation.developerOff': '商店已开启捐赠，但此应用的开发者尚未为其开启。',
    'appDonation.enable': '启用',
    'appDonation.enabled': '捐赠已启用',
    'appDonation.configure': '捐赠设置',
    'appDonation.settings.title': '应用页面的捐赠设置',
    'appDonation.settings.description': '金额以商店销售所用货币的整数单位计，适用于所有应用页面。',
    'appDonation.settings.presets': '建议金额',
    'appDonation.settings.presetsHint': '用逗号分隔，例如 1, 5, 10',
    'appDonation.settings.preset': '默认选中',
    'appDonation.settings.minimum': '最小值',
    'appDonation.settings.maximum': '最大值',
    'appDonation.settings.custom': '捐赠者可以自行填写金额',
    'appDonation.settings.customHint': '关闭：只能选择建议金额',
    'appDonation.settings.button': '按钮文字',
    'appDonation.settings.buttonHint': '留空：按访客语言显示“捐赠”',
    'appDonation.settings.save': '保存',
    'appDonation.settings.saving': '正在保存…',
    'appDonation.settings.cancel': '取消',
    'appDonation.settings.failed': '无法保存设置',
    'appDonation.settings.required': '必填',
  },
});
