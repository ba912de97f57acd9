import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateStoredNickName } from '@/shared/auth/auth-store';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FormField } from '@/shared/ui/form-field';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { ProfileFormInput } from '@/shared/validation/schemas';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { notify } from '@/shared/ui/notify';
import { routes } from '@/shared/paths';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import './account.css';

type ProfileForm = ProfileFormInput;

/** The player's profile: name and last name (2 to 10 letters), e-mail and user id. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const profile = useProfile(user !== null);
  const update = useUpdateProfile();
  usePageMeta({ title: `${t('account.profileTitle')} · ${t('header.portalName')}` });
  const form = useForm<ProfileForm>({
    resolver: lazyResolver<ProfileForm>((schemas) => schemas.ZProfileForm),
    defaultValues: { name: '', lastName: '' },
  });
  const { reset } = form;
  const data = profile.data;
  useEffect(() => {
    if (data) reset({ name: data.name ?? '', lastName: data.lastName ?? '' });
  }, [data, reset]);

  if (!user) return <Navigate to={routes.login.getHref()} replace state={{ from: routes.accountProfile.getHref() }} />;
  if (!data) return <FullScreenLoader />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      updateStoredNickName(saved.nickName);
      notify({ kind: 'success', text: t('account.saved'), id: 'profile-saved' });
    } catch {
      notify({ kind: 'error', text: t('account.saveFailed'), id: 'profile-failed' });
    }
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <section className="account-card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('account.profileTitle')}</h1>
      <dl>
        <dt>{t('account.email')}</dt>
        <dd>{data.email ?? '—'}</dd>
        <dt>{t('account.userId')}</dt>
        <dd>{data.userId}</dd>
      </dl>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormField label={t('account.name')} autoComplete="given-name" error={errors.name?.message} {...form.register('name')} />
        <FormField
          label={t('account.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('account.save')}
        </button>
      </form>
      <Link to={routes.accountDelete.getHref()}>{t('account.deleteTitle')}</Link>
    </section>
  );
}
