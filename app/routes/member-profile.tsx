// /member/profile (member layout): the member's profile, and a form that edits the name, cellphone, birthday and
// gender (the e-mail is the sign-in name and stays). A plain form post handled by the action, so it works before
// hydration; the browser checks the same rules first when it can. A refusal keeps what was typed; after saving, a
// status line says so and the layout's greeting (its loader revalidates after the post) shows the new name.
import { useEffect, useId, useState } from "react";
import { data, Form } from "react-router";
import { DataUnavailable } from "~/components/data-unavailable";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import {
  BIRTHDAY_MIN,
  checkBirthday,
  checkCellphone,
  checkName,
  GENDER_LABEL,
  type Gender,
  parseGender,
  todayIso,
} from "~/features/account/member-fields";
import { CellphoneField, NameField, SubmitButton } from "~/features/account/member-form-parts";
import { signInAgainIfEnded } from "~/features/session/sign-in-first.server";
import { available, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { type FieldErrors, fieldErrors, formText, hasFieldErrors } from "~/lib/field-errors";
import { formatDate } from "~/lib/format";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { OFFLINE_NOT_SENT, sendUnlessOffline, skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { useFieldErrors } from "~/lib/use-field-errors";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/member-profile";

type MemberProfile = components["schemas"]["MemberProfile"];
type Field = "name" | "cellphone" | "birthday" | "gender";
type ProfileValues = Record<Field, string>;

interface ProfileReply {
  /** What the reader sent, shown again after a refusal. */
  values: ProfileValues;
  errors: FieldErrors<Field>;
  /** A refusal that belongs to no one field. */
  formError?: string;
  saved?: true;
}

const GENDERS = Object.entries(GENDER_LABEL) as [`${Gender}`, string][];

function readProfile(form: FormData): ProfileValues {
  return {
    name: formText(form, "name").trim(),
    cellphone: formText(form, "cellphone").trim(),
    birthday: formText(form, "birthday").trim(),
    gender: formText(form, "gender"),
  };
}

/** The same check in the browser (before sending) and in the action (before calling the API). */
function checkProfile(form: FormData): FieldErrors<Field> {
  const values = readProfile(form);
  return fieldErrors<Field>({
    name: checkName(values.name),
    cellphone: checkCellphone(values.cellphone),
    birthday: checkBirthday(values.birthday, todayIso()),
    gender: parseGender(values.gender) === undefined ? "請選擇性別" : undefined,
  });
}

/** The stored profile as the form's values. */
function profileValues(profile: MemberProfile): ProfileValues {
  return {
    name: profile.name,
    cellphone: profile.cellphone ?? "",
    birthday: profile.birthday ?? "",
    gender: profile.gender === null ? "" : String(profile.gender),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Awaited: the form's values must be in the first HTML (it works without JavaScript).
  return { profile: await available(serverApi(request, context).GET("/member/profile"), "profile") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readProfile(form);
  const refuse = (reply: Omit<ProfileReply, "values">, status: number) =>
    data<ProfileReply>({ values, ...reply }, { status });

  const errors = checkProfile(form);
  if (hasFieldErrors(errors)) return refuse({ errors }, 400);

  const body = {
    name: values.name,
    cellphone: values.cellphone || null,
    birthday: values.birthday || null,
    gender: parseGender(values.gender) ?? null,
  };
  const saved = signInAgainIfEnded(
    request,
    await submitted(serverApi(request, context).PUT("/member/profile", { body })),
  );
  if (!saved.ok) return refuse({ errors: {}, formError: saved.message }, saved.status);
  return data<ProfileReply>({ values: profileValues(saved.data), errors: {}, saved: true });
}

// Sent while the connection is down: the form stays with what was typed, and says so (lib/offline-submission.ts).
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendUnlessOffline(
    request,
    serverAction,
    (form): ProfileReply => ({
      values: readProfile(form),
      errors: {},
      formError: OFFLINE_NOT_SENT,
    }),
  );

export const shouldRevalidate = skipRevalidationAfterOffline;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: routeTitle("member-profile"),
    description: "查看與修改您的會員資料。",
  });

export default function MemberProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="font-serif text-2xl font-bold mt-0 mb-4">
        {routeTitle("member-profile")}
      </h1>
      {profile ? <ProfileForm profile={profile} reply={actionData} /> : <DataUnavailable />}
    </section>
  );
}

function ProfileForm({ profile, reply }: { profile: MemberProfile; reply: ProfileReply | undefined }) {
  const { errors, fromServer, formProps } = useFieldErrors(reply, checkProfile);
  const values = reply?.values ?? profileValues(profile);
  const [cellphone, setCellphone] = useState(values.cellphone);
  // A reply (refused or saved) shows what it holds: what was sent, or what is stored now.
  useEffect(() => {
    if (reply) setCellphone(reply.values.cellphone);
  }, [reply]);
  const genderId = useId();
  const genderMessageId = `${genderId}-message`;
  // 已儲存個人資料 speaks of the reply's save only: the reader's next change is not saved yet.
  const [changedSinceReply, setChangedSinceReply] = useState(false);
  useEffect(() => {
    if (reply) setChangedSinceReply(false);
  }, [reply]);
  const saved = fromServer && reply?.saved && !changedSinceReply;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 m-0 mb-4 max-w-md">
        <dt className="text-ink-muted">電子郵件</dt>
        <dd className="m-0 break-all">{profile.email}</dd>
        <dt className="text-ink-muted">加入日期</dt>
        <dd className="m-0">{formatDate(profile.created_at)}</dd>
      </dl>
      <FormAlert
        message={fromServer && reply ? reply.formError : undefined}
        fieldErrorCount={Object.keys(errors).length}
      />
      <Form method="post" className="grid gap-4 max-w-md" onChange={() => setChangedSinceReply(true)} {...formProps}>
        <NameField defaultValue={values.name} error={errors.name} />
        <CellphoneField
          label="手機號碼"
          value={cellphone}
          onValue={setCellphone}
          error={errors.cellphone}
          hint="選填，數字，可用 + 開頭（例如 0912345678）"
        />
        <FormField
          label="生日"
          name="birthday"
          type="date"
          autoComplete="bday"
          min={BIRTHDAY_MIN}
          max={todayIso()}
          defaultValue={values.birthday}
          hint="選填"
          error={errors.birthday}
        />
        <fieldset
          className="border-0 m-0 p-0 grid gap-1"
          aria-describedby={errors.gender ? genderMessageId : undefined}
          aria-invalid={errors.gender ? true : undefined}
        >
          <legend className="font-medium mb-1">性別</legend>
          <div className="flex flex-wrap gap-4">
            {GENDERS.map(([code, label]) => (
              <label key={code} className="inline-flex items-center gap-2 min-h-control-sm cursor-pointer">
                <input
                  type="radio"
                  name="gender"
                  value={code}
                  defaultChecked={values.gender === code}
                  className="h-5 w-5 accent-[var(--c-primary)]"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p id={genderMessageId} className="m-0 text-sm text-error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton label="儲存變更" busyLabel="儲存中…" />
          <p role="status" className="m-0 min-h-6 font-bold" data-testid="profile-status">
            {saved ? "已儲存個人資料" : ""}
          </p>
        </div>
      </Form>
    </>
  );
}
