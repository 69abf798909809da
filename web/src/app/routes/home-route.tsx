//! The home page with what other features give it: the content blocks with their edit links
//! (editing), the Instagram feed, whose errors show to admin-bar users only (account), and quick
//! view on its product cards.

import { useAccount } from '@/features/account';
import { HomePage } from '@/features/catalogue/components/home-page';
import { EditableBlock } from '@/features/editing';
import { InstagramFeed } from '@/features/instagram';
import { QuickViewScope } from '@/features/quick-view';
import type { HomePageData } from '@/lib/api/types';

export function HomeRoute({ page }: { page: HomePageData }) {
  const { account } = useAccount();
  const { blocks } = page;
  const feed = page.site.instagram;
  return (
    <QuickViewScope>
      <HomePage
      page={page}
      welcomeBlock={
        <EditableBlock block={blocks.welcome} id="home-welcome" className="container home-section home-block" headingClassName="section-title" />
      }
      aboutBlock={<EditableBlock block={blocks.about} id="home-about" className="container home-section home-block" headingClassName="section-title" />}
      instagram={
        feed ? (
          <div className="container home-section">
            <InstagramFeed title={feed.title} profileUrl={feed.profile_url} placeholders={feed.limit} showErrors={account?.capabilities.admin_bar ?? false} />
          </div>
        ) : null
      }
    />
    </QuickViewScope>
  );
}
