//! Coming-soon mode's page, for visitors who may not see the shop yet.

import { ComingSoonPage } from '@/features/account';
import type { ComingSoonPageData } from '@/lib/api/types';

export const ComingSoonRoute = ({ page }: { page: ComingSoonPageData }) => <ComingSoonPage site={page.site} />;
