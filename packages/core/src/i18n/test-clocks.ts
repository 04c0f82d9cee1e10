import { defineMessages } from './define.ts';

/**
 * The dashboard's test clocks page, `/dashboard/developers/test-clocks` (docs/test-clocks.md): the
 * clocks of test mode, made, advanced and deleted there. A screen group: it loads with that screen.
 */
export const testClocksMessages = defineMessages({
  en: {
    'testClocks.page.title': 'Test clocks',
    'testClocks.page.description':
      'Bill test subscriptions on a simulated time: make a clock, put test customers on it from their page (or with {route}), and advance it. Their renewals, invoices and collection run on the clock’s time, so a month of billing takes seconds.',
    'testClocks.page.back': 'Developers',
    'testClocks.page.new': 'New test clock',
    'testClocks.page.name': 'Name',
    'testClocks.page.unnamed': 'Unnamed',
    'testClocks.page.time': 'Clock time',
    'testClocks.page.status': 'Status',
    'testClocks.page.created': 'Created',
    'testClocks.page.actions': 'Actions',
    'testClocks.page.ready': 'Ready',
    'testClocks.page.advancing': 'Advancing…',
    'testClocks.page.failed': 'Failed',
    'testClocks.page.failedHint': 'Billing stopped part way. Advance again to bill the rest.',
    'testClocks.page.emptyTitle': 'No test clock yet.',
    'testClocks.page.emptyText':
      'Make one at the current time, put a test customer on it, then advance it a month to see the renewal billed.',
    'testClocks.page.advance': 'Advance',
    'testClocks.page.advanceNamed': 'Advance {name}',
    'testClocks.page.delete': 'Delete',
    'testClocks.page.deleteNamed': 'Delete {name}',
    'testClocks.page.liveMode':
      'Test clocks exist in test mode only. Switch to test mode to make and advance them.',
    'testClocks.page.switchToTest': 'Switch to test mode',

    'testClocks.form.newTitle': 'New test clock',
    'testClocks.form.newDescription':
      'The clock stands at the time you choose. Made at the current time, it agrees with the wall clock until you first advance it.',
    'testClocks.form.name': 'Name',
    'testClocks.form.nameHint': 'Optional, to tell your clocks apart',
    'testClocks.form.time': 'Clock time',
    'testClocks.form.timeHint': 'In your time zone',
    'testClocks.form.create': 'Create clock',
    'testClocks.form.createFailed': 'The test clock could not be made',
    'testClocks.form.advanceTitle': 'Advance {name}',
    'testClocks.form.advanceDescription':
      'The clock stands at {time}. Whatever its customers’ subscriptions fall due for up to the new time is billed: renewals, invoices and collection attempts.',
    'testClocks.form.newTime': 'New clock time',
    'testClocks.form.advanceSubmit': 'Advance clock',
    'testClocks.form.advanceFailed': 'The test clock could not be advanced',
    'testClocks.form.timeRequired': 'Enter a date and time',
    'testClocks.form.notLater': 'Choose a time later than the clock’s, {time}',

    'testClocks.deleteDialog.title': 'Delete this test clock?',
    'testClocks.deleteDialog.message':
      'The subscriptions of the customers on {name} that have not ended are cancelled at once, and the customers are taken off the clock. This cannot be undone.',
    'testClocks.deleteDialog.confirm': 'Delete clock',
  },
  zh: {
    'testClocks.page.title': '测试时钟',
    'testClocks.page.description':
      '让测试订阅按模拟时间计费：创建一个时钟，在测试客户的页面上（或通过 {route}）把客户挂到时钟上，然后推进时钟。这些客户的续订、账单和扣款都按时钟的时间进行，一个月的计费几秒钟就能试完。',
    'testClocks.page.back': '开发者',
    'testClocks.page.new': '新建测试时钟',
    'testClocks.page.name': '名称',
    'testClocks.page.unnamed': '未命名',
    'testClocks.page.time': '时钟时间',
    'testClocks.page.status': '状态',
    'testClocks.page.created': '创建时间',
    'testClocks.page.actions': '操作',
    'testClocks.page.ready': '就绪',
    'testClocks.page.advancing': '推进中…',
    'testClocks.page.failed': '失败',
    'testClocks.page.failedHint': '计费中途出错。再次推进即可为其余部分计费。',
    'testClocks.page.emptyTitle': '还没有测试时钟。',
    'testClocks.page.emptyText':
      '在当前时间创建一个时钟，把测试客户挂上去，再将时钟推进一个月，就能看到续订被计费。',
    'testClocks.page.advance': '推进',
    'testClocks.page.advanceNamed': '推进 {name}',
    'testClocks.page.delete': '删除',
    'testClocks.page.deleteNamed': '删除 {name}',
    'testClocks.page.liveMode': '测试时钟仅在测试模式下可用。请切换到测试模式来创建和推进时钟。',
    'testClocks.page.switchToTest': '切换到测试模式',

    'testClocks.form.newTitle': '新建测试时钟',
    'testClocks.form.newDescription':
      '时钟停在您选择的时间。若设为当前时间，在首次推进之前，它与真实时间保持一致。',
    'testClocks.form.name': '名称',
    'testClocks.form.nameHint': '可选，便于区分您的各个时钟',
    'testClocks.form.time': '时钟时间',
    'testClocks.form.timeHint': '按您所在的时区',
    'testClocks.form.create': '创建时钟',
    'testClocks.form.createFailed': '无法创建测试时钟',
    'testClocks.form.advanceTitle': '推进 {name}',
    'testClocks.form.advanceDescription':
      '时钟当前停在 {time}。客户的订阅在新时间之前到期的一切都会被计费：续订、账单和扣款尝试。',
    'testClocks.form.newTime': '新的时钟时间',
    'testClocks.form.advanceSubmit': '推进时钟',
    'testClocks.form.advanceFailed': '无法推进测试时钟',
    'testClocks.form.timeRequired': '请输入日期和时间',
    'testClocks.form.notLater': '请选择晚于时钟当前时间（{time}）的时间',

    'testClocks.deleteDialog.title': '删除该测试时钟？',
    'testClocks.deleteDialog.message':
      '{name} 上的客户尚未结束的订阅将立即取消，这些客户也会从时钟上移除。此操作无法撤销。',
    'testClocks.deleteDialog.confirm': '删除时钟',
  },
});
