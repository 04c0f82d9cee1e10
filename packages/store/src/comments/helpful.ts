import type { Comment } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import type { Viewer } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { commentFor } from './service.ts';
import { commentView } from './view.ts';

/**
 * "Helpful" votes (issue 24 item 5: comments sorted by the most helpful): one per user and comment,
 * never on one's own. Marking twice, or taking back a mark never made, changes nothing.
 */
export async function setHelpful(
  deps: StoreDeps,
  viewer: Viewer,
  at: { did: string; id: string },
  helpful: boolean,
): Promise<Comment> {
  return transaction(deps.db, async (trx) => {
    const { comment, reader } = await commentFor(trx, viewer, at);
    if (comment.author_did === viewer.did) throw new KioskError('COMMENT_VOTE_OWN');
    const userDid = viewer.did!;
    const changed = helpful
      ? await trx
          .insertInto('store_comment_votes')
          .values({ comment_id: comment.id, user_did: userDid, created_at: deps.clock.nowUnix() })
          .onConflict((conflict) => conflict.columns(['comment_id', 'user_did']).doNothing())
          .returning('comment_id')
          .executeTakeFirst()
      : await trx
          .deleteFrom('store_comment_votes')
          .where('comment_id', '=', comment.id)
          .where('user_did', '=', userDid)
          .returning('comment_id')
          .executeTakeFirst();
    if (changed === undefined) return commentView(comment, reader, helpful);
    const counted = await deps.resources.comments.update(
      trx,
      comment.id,
      { helpful_count: sql<number>`helpful_count + ${helpful ? 1 : -1}` as unknown as number },
      helpful ? 'comment.helpful_added' : 'comment.helpful_removed',
    );
    return commentView(counted!, reader, helpful);
  });
}
