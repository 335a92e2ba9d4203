//! The own profile's avatar: a tap picks a new picture, ≤ 10 MB here;
//! the settings card passes its own check (5 MB) and a ref its 'Change Photo' button opens.
import { Camera, Loader2 } from 'lucide-react';
import { useRef, type ChangeEvent, type RefObject } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/use-toast';
import { checkImageFile, type FileProblem } from '@/lib/image-file';
import { cn } from '@/lib/utils';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The profile screen's limit (settings says 5 MB). */
export const PROFILE_IMAGE_MAX_MB = 10;

export function AvatarUpload({
  src,
  name,
  className,
  check = (file) => checkImageFile(file, PROFILE_IMAGE_MAX_MB),
  inputRef,
}: {
  src?: string | null;
  name: string;
  className?: string;
  /** Null when the picked file may be uploaded, else the toast to show. */
  check?: (file: File) => FileProblem | null;
  /** The hidden file input, for another button that picks a picture too. */
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const upload = useUploadProfileImage();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = check(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        toast({ title: 'Profile picture updated', description: 'Your profile picture has been successfully updated.' });
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Upload failed',
          description: 'There was an error uploading your profile picture. Please try again.',
        }),
    });
  };

  return (
    <>
      <button
        type="button"
        aria-label="Change profile picture"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        className={cn('group relative shrink-0 rounded-full', className)}
      >
        <Avatar src={src} name={name} className="size-full text-3xl" />
        <span
          className={cn(
            'absolute inset-0 grid place-items-center rounded-full bg-black/50 text-white transition',
            upload.isPending ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100',
          )}
        >
          {upload.isPending ? (
            <Loader2 role="status" aria-label="Uploading" className="size-7 animate-spin" />
          ) : (
            <Camera aria-hidden="true" className="size-7" />
          )}
        </span>
        <span className="absolute right-0 bottom-0 grid size-7 place-items-center rounded-full border-2 border-zinc-950 bg-fuchsia-500 text-white">
          <Camera aria-hidden="true" className="size-3.5" />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label="Profile picture file"
        tabIndex={-1}
        className="sr-only"
        onChange={onChange}
      />
    </>
  );
}
