import { useLocation } from 'wouter';
import { CreateStoryScreen } from '@/features/stories/components/create-story-screen';

/** /create-story: close or success returns to '/'. */
export default function CreateStoryPage() {
  const [, navigate] = useLocation();
  return (
    <main>
      <CreateStoryScreen onClose={() => navigate('/')} />
    </main>
  );
}
