--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: herald_account_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.herald_account_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('herald_accounts', '');
  RETURN NULL;
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: api_token; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_token (
    secret_hash bytea NOT NULL,
    user_id bigint NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: delivery; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    request_id text NOT NULL,
    fire_at timestamp with time zone NOT NULL,
    kind smallint NOT NULL,
    owner integer NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    due_at timestamp with time zone NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    delivered_at timestamp with time zone,
    late boolean,
    last_error text,
    event_id bigint,
    payload text,
    requeued_at timestamp with time zone,
    CONSTRAINT delivery_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'delivered'::text, 'missed'::text, 'failed'::text, 'skipped'::text, 'silenced'::text])))
)
WITH (fillfactor='50');


--
-- Name: delivery_event_counter; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_event_counter (
    user_id bigint NOT NULL,
    last bigint NOT NULL
);


--
-- Name: delivery_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.delivery ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.delivery_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: herald_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.herald_migration (
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: herald_user; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.herald_user (
    id bigint NOT NULL,
    name text NOT NULL,
    time_zone text NOT NULL,
    locale text NOT NULL,
    webhook_url text,
    webhook_secret text NOT NULL,
    scenario text NOT NULL,
    movement_last_reminder_at timestamp with time zone,
    movement_last_answered boolean DEFAULT false NOT NULL,
    movement_snoozed_at timestamp with time zone,
    movement_progress_day text,
    movement_delivered integer DEFAULT 0 NOT NULL,
    movement_acknowledged integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    version bigint DEFAULT 0 NOT NULL
);
ALTER TABLE ONLY public.herald_user ALTER COLUMN scenario SET COMPRESSION lz4;


--
-- Name: herald_user_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.herald_user ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.herald_user_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: user_task; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_task (
    user_id bigint NOT NULL,
    id text NOT NULL,
    "position" integer NOT NULL,
    body text NOT NULL
);


--
-- Name: zone_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.zone_rules (
    time_zone text NOT NULL,
    fingerprint bigint NOT NULL,
    noted_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Data for Name: api_token; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_token VALUES ('\xe0df0bde14fe620ca7a7841d1ef8488fa264e8736c03dee251087b592776a481', 1, 'default', '2026-12-06 22:46:14.014373+00');
INSERT INTO public.api_token VALUES ('\xb014c9b4140287f249a96e9ebc6e1ddf12c5e84ff24dddb69be7329b659af348', 2, 'default', '2026-12-06 22:46:14.507471+00');
INSERT INTO public.api_token VALUES ('\x499e26ccd1bd8592416a6a14467addd5275b674b3155c14fcddb999e46be5a50', 3, 'default', '2026-12-06 22:46:14.908839+00');


--
-- Data for Name: delivery; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (7, 1, 'due-date-advance-t1', '2026-12-08 04:00:00+00', 2, 0, 'pending', '2026-12-08 04:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (13, 1, 'exercise-reminder', '2026-12-06 23:45:00+00', 3, 0, 'pending', '2026-12-06 23:45:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (14, 1, 'progress-report', '2026-12-07 19:00:00+00', 6, 0, 'pending', '2026-12-07 19:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (21, 2, 'due-date-advance-t1', '2026-12-08 04:00:00+00', 2, 0, 'pending', '2026-12-08 04:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (22, 2, 'due-date-advance-t2', '2026-12-08 11:00:00+00', 2, 1, 'pending', '2026-12-08 11:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (25, 2, 'due-date-morning-t4', '2026-12-08 14:00:00+00', 1, 3, 'pending', '2026-12-08 14:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (26, 2, 'due-date-advance-t4', '2026-12-09 01:00:00+00', 2, 3, 'pending', '2026-12-09 01:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (27, 2, 'exercise-reminder', '2026-12-06 23:00:00+00', 3, 0, 'pending', '2026-12-06 23:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (28, 2, 'progress-report', '2026-12-07 01:00:00+00', 6, 0, 'pending', '2026-12-07 01:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (31, 1, 'focus-block-start-b2', '2026-12-07 07:50:00+00', 0, 0, 'pending', '2026-12-07 07:50:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (32, 1, 'focus-block-start-b3', '2026-12-07 12:50:00+00', 0, 1, 'pending', '2026-12-07 12:50:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (10, 1, 'due-date-morning-t3', '2026-12-08 08:00:00+00', 1, 1, 'pending', '2026-12-08 08:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (11, 1, 'due-date-advance-t3', '2026-12-08 18:00:00+00', 2, 1, 'pending', '2026-12-08 18:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (12, 1, 'due-date-advance-t4', '2026-12-09 01:00:00+00', 2, 2, 'pending', '2026-12-09 01:00:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (38, 1, 'exercise-reminder-snooze', '2026-12-06 22:50:18+00', 4, 0, 'pending', '2026-12-06 22:50:18+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (40, 2, 'focus-block-start-b1', '2026-12-07 02:50:00+00', 0, 0, 'pending', '2026-12-07 02:50:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (41, 2, 'focus-block-start-b2', '2026-12-07 07:50:00+00', 0, 1, 'pending', '2026-12-07 07:50:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (42, 2, 'focus-block-start-b3', '2026-12-07 12:50:00+00', 0, 2, 'pending', '2026-12-07 12:50:00+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.delivery OVERRIDING SYSTEM VALUE VALUES (48, 2, 'exercise-reminder-follow-up', '2026-12-06 22:55:18+00', 5, 0, 'pending', '2026-12-06 22:55:18+00', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: delivery_event_counter; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: herald_migration; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.herald_migration VALUES ('v1-users-tokens-deliveries', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v2-user-version', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v3-delivery-events', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v4-delivery-requeued', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v5-scenario-lz4', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v6-delivery-fillfactor', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v7-user-tasks', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v8-numbered-task-ids', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v9-queue-order', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v10-delivery-room-to-claim', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v11-user-rows-kept-by-the-users-lock', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v12-account-changes-notified', '2026-12-06 22:46:13.967427+00');
INSERT INTO public.herald_migration VALUES ('v13-zone-rules', '2026-12-06 22:46:13.967427+00');


--
-- Data for Name: herald_user; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.herald_user OVERRIDING SYSTEM VALUE VALUES (3, 'cem', 'UTC', 'en', NULL, 'whsec_LRTOwd8nlEhz9YfzjShVkorOBqKV0OjfqAJ0vVqI/lM=', '{
  "timeZone": "UTC",
  "locale": "en",
  "settings": {
    "focusBlockLeadMinutes": 5,
    "dueDateMorningReminderEnabled": true,
    "dueDateMorningReminderHour": 9,
    "dueDateMorningReminderMinute": 0,
    "dueDateAdvanceReminderEnabled": false,
    "dueDateAdvanceReminderMinutes": 60,
    "poiNotificationsEnabled": true,
    "movementFollowUpMinutes": 10,
    "progressReportEnabled": true,
    "progressReportTime": "20:00",
    "liveActivityNotificationEnabled": true
  },
  "focusBlocks": [],
  "tasks": []
}
', NULL, false, NULL, NULL, 0, 0, '2026-12-06 22:46:14.908839+00', 1);
INSERT INTO public.herald_user OVERRIDING SYSTEM VALUE VALUES (1, 'ada', 'Europe/Berlin', 'de', NULL, 'whsec_iauH+V7q7DldJDSX+EmuhzBR2HJ/K2FATuxLvJirFHk=', '{
  "timeZone": "Europe/Berlin",
  "locale": "de",
  "settings": {
    "focusBlockLeadMinutes": 10,
    "dueDateMorningReminderEnabled": true,
    "dueDateMorningReminderHour": 9,
    "dueDateMorningReminderMinute": 0,
    "dueDateAdvanceReminderEnabled": true,
    "dueDateAdvanceReminderMinutes": 60,
    "poiNotificationsEnabled": true,
    "movementFollowUpMinutes": 10,
    "progressReportEnabled": true,
    "progressReportTime": "20:00",
    "liveActivityNotificationEnabled": true
  },
  "focusBlocks": [
    {
      "id": "b2",
      "title": "Block 2 — Fokus",
      "start": "2026-12-07T09:00:00+01:00",
      "end": "2026-12-07T10:00:00+01:00",
      "taskIDs": []
    },
    {
      "id": "b3",
      "title": "Block 3 — Fokus",
      "start": "2026-12-07T14:00:00+01:00",
      "end": "2026-12-07T15:00:00+01:00",
      "taskIDs": []
    }
  ],
  "tasks": [],
  "movement": {
    "intervalMinutes": 45,
    "fallbackIntervalMinutes": 45,
    "activeHours": {
      "start": "00:00",
      "end": "23:59"
    },
    "days": {
      "monday": "fallback",
      "tuesday": "fallback",
      "wednesday": "fallback",
      "thursday": "fallback",
      "friday": "fallback",
      "saturday": "fallback",
      "sunday": "fallback"
    }
  }
}
', '2026-12-06 22:45:18+00', true, '2026-12-06 22:45:18+00', NULL, 1, 0, '2026-12-06 22:46:14.014373+00', 12);
INSERT INTO public.herald_user OVERRIDING SYSTEM VALUE VALUES (2, 'bob', 'America/New_York', 'en', NULL, 'whsec_I9dtSFu0xNTVaGp0PDKDFpOaQNp+nBJohAUSQV63GlQ=', '{
  "timeZone": "America/New_York",
  "locale": "en",
  "settings": {
    "focusBlockLeadMinutes": 10,
    "dueDateMorningReminderEnabled": true,
    "dueDateMorningReminderHour": 9,
    "dueDateMorningReminderMinute": 0,
    "dueDateAdvanceReminderEnabled": true,
    "dueDateAdvanceReminderMinutes": 60,
    "poiNotificationsEnabled": true,
    "movementFollowUpMinutes": 10,
    "progressReportEnabled": true,
    "progressReportTime": "20:00",
    "liveActivityNotificationEnabled": true
  },
  "focusBlocks": [
    {
      "id": "b1",
      "title": "Block 1 — Fokus",
      "start": "2026-12-06T22:00:00-05:00",
      "end": "2026-12-06T23:00:00-05:00",
      "taskIDs": []
    },
    {
      "id": "b2",
      "title": "Block 2 — Fokus",
      "start": "2026-12-07T03:00:00-05:00",
      "end": "2026-12-07T04:00:00-05:00",
      "taskIDs": []
    },
    {
      "id": "b3",
      "title": "Block 3 — Fokus",
      "start": "2026-12-07T08:00:00-05:00",
      "end": "2026-12-07T09:00:00-05:00",
      "taskIDs": []
    }
  ],
  "tasks": [],
  "movement": {
    "intervalMinutes": 45,
    "fallbackIntervalMinutes": 45,
    "activeHours": {
      "start": "00:00",
      "end": "23:59"
    },
    "days": {
      "monday": "fallback",
      "tuesday": "fallback",
      "wednesday": "fallback",
      "thursday": "fallback",
      "friday": "fallback",
      "saturday": "fallback",
      "sunday": "fallback"
    }
  }
}
', '2026-12-06 22:45:18+00', false, NULL, NULL, 1, 0, '2026-12-06 22:46:14.507471+00', 11);


--
-- Data for Name: user_task; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.user_task VALUES (2, 't1', 0, '{
  "id": "t1",
  "title": "Aufgabe 1: Steuer ''Q4''",
  "due": "2026-12-08T00:00:00-05:00",
  "completed": false
}');
INSERT INTO public.user_task VALUES (2, 't2', 1, '{
  "id": "t2",
  "title": "Aufgabe 2: Steuer ''Q4''",
  "due": "2026-12-08T07:00:00-05:00",
  "completed": false
}');
INSERT INTO public.user_task VALUES (2, 't4', 3, '{
  "id": "t4",
  "title": "Aufgabe 4: Steuer ''Q4''",
  "due": "2026-12-08T21:00:00-05:00",
  "completed": false
}');
INSERT INTO public.user_task VALUES (2, 't3', 2, '{
  "id": "t3",
  "title": "Aufgabe 3: Steuer ''Q4''",
  "due": "2026-12-08T14:00:00-05:00",
  "completed": true
}');
INSERT INTO public.user_task VALUES (3, 't1', 0, '{
  "id": "t1",
  "title": "Ohne Termin",
  "due": null,
  "completed": false
}');
INSERT INTO public.user_task VALUES (1, 't1', 0, '{
  "id": "t1",
  "title": "Aufgabe 1: Steuer ''Q4''",
  "due": "2026-12-08T06:00:00+01:00",
  "completed": false
}');
INSERT INTO public.user_task VALUES (1, 't3', 1, '{
  "id": "t3",
  "title": "Aufgabe 3: Steuer ''Q4''",
  "due": "2026-12-08T20:00:00+01:00",
  "completed": false
}');
INSERT INTO public.user_task VALUES (1, 't4', 2, '{
  "id": "t4",
  "title": "Aufgabe 4: Steuer ''Q4''",
  "due": "2026-12-09T03:00:00+01:00",
  "completed": false
}');


--
-- Data for Name: zone_rules; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: delivery_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.delivery_id_seq', 49, true);


--
-- Name: herald_user_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.herald_user_id_seq', 3, true);


--
-- Name: api_token api_token_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_token
    ADD CONSTRAINT api_token_pkey PRIMARY KEY (secret_hash);


--
-- Name: api_token api_token_user_id_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_token
    ADD CONSTRAINT api_token_user_id_name_key UNIQUE (user_id, name);


--
-- Name: delivery_event_counter delivery_event_counter_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_event_counter
    ADD CONSTRAINT delivery_event_counter_pkey PRIMARY KEY (user_id);


--
-- Name: delivery delivery_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery
    ADD CONSTRAINT delivery_pkey PRIMARY KEY (id);


--
-- Name: delivery delivery_user_id_request_id_fire_at_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery
    ADD CONSTRAINT delivery_user_id_request_id_fire_at_key UNIQUE (user_id, request_id, fire_at);


--
-- Name: herald_migration herald_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.herald_migration
    ADD CONSTRAINT herald_migration_pkey PRIMARY KEY (name);


--
-- Name: herald_user herald_user_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.herald_user
    ADD CONSTRAINT herald_user_name_key UNIQUE (name);


--
-- Name: herald_user herald_user_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.herald_user
    ADD CONSTRAINT herald_user_pkey PRIMARY KEY (id);


--
-- Name: user_task user_task_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_task
    ADD CONSTRAINT user_task_pkey PRIMARY KEY (user_id, id);


--
-- Name: zone_rules zone_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.zone_rules
    ADD CONSTRAINT zone_rules_pkey PRIMARY KEY (time_zone);


--
-- Name: delivery_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_due ON public.delivery USING btree (due_at, id) WHERE (status = 'pending'::text);


--
-- Name: delivery_event; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX delivery_event ON public.delivery USING btree (user_id, event_id) WHERE (event_id IS NOT NULL);


--
-- Name: herald_user_time_zone; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX herald_user_time_zone ON public.herald_user USING btree (time_zone);


--
-- Name: user_task_numbered; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_task_numbered ON public.user_task USING btree (user_id, length(id), id COLLATE "C") WHERE (id ~ '^t[1-9][0-9]{0,16}$'::text);


--
-- Name: user_task_position; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_task_position ON public.user_task USING btree (user_id, "position");


--
-- Name: api_token api_token_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER api_token_changed AFTER DELETE OR UPDATE OR TRUNCATE ON public.api_token FOR EACH STATEMENT EXECUTE FUNCTION public.herald_account_changed();


--
-- Name: herald_user herald_user_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER herald_user_changed AFTER UPDATE OF name, time_zone, locale, webhook_url, webhook_secret ON public.herald_user FOR EACH ROW WHEN ((((((old.name IS DISTINCT FROM new.name) OR (old.time_zone IS DISTINCT FROM new.time_zone)) OR (old.locale IS DISTINCT FROM new.locale)) OR (old.webhook_url IS DISTINCT FROM new.webhook_url)) OR (old.webhook_secret IS DISTINCT FROM new.webhook_secret))) EXECUTE FUNCTION public.herald_account_changed();


--
-- Name: herald_user herald_user_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER herald_user_removed AFTER DELETE OR TRUNCATE ON public.herald_user FOR EACH STATEMENT EXECUTE FUNCTION public.herald_account_changed();


--
-- Name: api_token api_token_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_token
    ADD CONSTRAINT api_token_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.herald_user(id) ON DELETE CASCADE;


--
-- Name: delivery_event_counter delivery_event_counter_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_event_counter
    ADD CONSTRAINT delivery_event_counter_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.herald_user(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


