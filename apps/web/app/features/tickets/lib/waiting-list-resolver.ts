/** The waiting-list form's resolver: the shared schema the server checks too; loaded lazily. */
import { WaitingListJoinSchema } from '@festival/shared';
import { zodResolver } from '@hookform/resolvers/zod';

export const waitingListResolver = zodResolver(WaitingListJoinSchema);
