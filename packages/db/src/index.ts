export * from './columns.ts';
export * from './constraint-errors.ts';
export * from './database.ts';
export * from './jobs-schema.ts';
export * from './jobs.ts';
export * from './migrations.ts';
export * from './money.ts';
export * from './unspaced-grams.ts';
export {
  afterCommit,
  beforeCommit,
  bufferForCommit,
  outsideUnitOfWork,
  singleWrite,
  transaction,
  unitOfWork,
  unitState,
} from './unit-of-work.ts';
export {
  askFirst,
  assertOutsideTransaction,
  outsideTransactionsOnly,
  OutsideIoInTransactionError,
  reportOutsideIoWith,
} from './ask-first.ts';
