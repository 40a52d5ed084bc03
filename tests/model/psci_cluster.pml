/*
 * Promela model of the PSCI power-state coordination of one cluster (docs/psci.md,
 * "The power-down protocol"; core/psci/psci_power_down.c, psci_coord.c, psci_wake.c):
 * NCPU CPUs under one cluster node with one lock; CPU_ON, CPU_OFF and CPU_SUSPEND from
 * CPU standby up to a cluster power-down; wake-up events at any time; a power
 * controller that powers the cluster off once every CPU in it is down and it was told
 * to; the caches (each CPU's L1, the cluster's L2).
 *
 * Granularity. Sequential consistency. Every step the code does without the node lock
 * is its own step (the stores before taking the lock, the flushes, the WFI). A section
 * the code runs under the node lock is one atomic step: the variables it works on
 * (nstate, owner, pending, req1, the platform programming) are only touched under that
 * lock, so by Lipton's reduction the interleavings inside it add nothing. A seeded bug
 * that breaks the lock scope (BUG_UNLOCK_EARLY) splits its section again.
 *
 * Options (spin -D...): NCPU 2..4 (default 3); OSI: CPU_SUSPEND in OS-initiated mode
 * (CPU_OFF stays platform-coordinated); seeded bugs the checker must catch:
 *  BUG_NO_CANCEL     a waking CPU does not cancel a pending power-down;
 *  BUG_UNLOCK_EARLY  the last CPU releases the lock before telling the platform;
 *  BUG_FLUSH_LATE    a CPU flushes its own cache after announcing its request.
 *
 * The invariants (docs/psci.md, "Model-checked invariants") are asserted by the
 * monitor in every reachable state, and by the steps where they are decided.
 */

#ifndef NCPU
#define NCPU 3
#endif

/* Local states. */
#define RUN 0
#define RET 1
#define OFF 2
#define NONE 255

/* AFFINITY_INFO. */
#define AFF_ON 0
#define AFF_OFF 1
#define AFF_PENDING 2

/* Where a CPU is (the model's view, not the engine's). */
#define PH_NS 0      /* normal world */
#define PH_EL3 1     /* in the monitor: a PSCI call or the warm-boot path */
#define PH_STANDBY 2 /* in cpu_standby() (retention) */
#define PH_DOWN 3    /* powered down by a suspend; a wake-up event may come any time */
#define PH_OFF 4     /* off (CPU_OFF, or never turned on); only CPU_ON brings it back */

#define K_OFF 1
#define K_SUSPEND 2

/* Engine state: the cluster's struct psci_node, fields of each struct psci_cpu. */
byte lock = NONE;   /* node lock: holder, NONE when free */
byte nstate = RUN;  /* committed cluster state */
byte owner = NONE;  /* CPU with a pending power-down of the cluster */
byte pending = RUN; /* its pending state */
byte aff[NCPU];	    /* aff_info */
byte core[NCPU];    /* core_state (level-0 local state) */
byte req1[NCPU];    /* req[1]: the CPU's vote for the cluster */
byte wake_level[NCPU];

/* Power controller and caches. */
byte prog = RUN;       /* cluster state the platform was last told */
bool npower = true;    /* the cluster has power */
bool lost = false;     /* it lost power and no finish hook restored it yet */
byte phase[NCPU];
bool on_req[NCPU];     /* pwr_domain_on() asked for this CPU */
bool l1_dirty[NCPU];   /* the CPU's cache holds data nowhere else */
bool l2_dirty = false; /* the cluster's cache holds data not in memory */

/* Dead locals are zeroed so that states differing only in them are one state. */
#define FORGET \
	r0 = 0; r1 = 0; rl = 0; t1 = 0; i = 0; first_up = 0; prev1 = 0; kind = 0; \
	pd = false; owned = false; keep = false; on = false; call_finish = false

/* pwr_domain_off / pwr_domain_suspend for a non-RUN cluster target. */
#define TELL_PLATFORM \
	i = 0; \
	do \
	:: i < NCPU -> \
		/* Never while another CPU of the cluster runs (or waits in standby, \
		 * unless the cluster only goes to retention). */ \
		assert(i == me || (phase[i] != PH_NS && (phase[i] != PH_STANDBY || t1 == RET))); \
		i++ \
	:: else -> break \
	od; \
	i = 0; \
	prog = t1

/* The platform's finish hook: the first CPU up restores what the cluster lost. */
#define FINISH_HOOK \
	/* The engine must know when the cluster lost power. */ \
	assert(!lost || prev1 == OFF); \
	if \
	:: prev1 != RUN -> prog = RUN \
	:: else -> skip \
	fi; \
	if \
	:: prev1 == OFF -> lost = false \
	:: else -> skip \
	fi

/*
 * psci_wake() after its first store (core = RUN, done by the caller): with the lock of
 * its scope, cancel a pending power-down, reset a committed one and, holding the lock
 * of a restored node, call the finish hook.
 */
inline psci_wake_locked()
{
	first_up = 0;
	prev1 = RUN;
#ifndef OSI
	if
	:: on || wake_level[me] == 1 ->
#endif
		atomic {
			lock == NONE -> lock = me;
#ifndef BUG_NO_CANCEL
			owner = NONE;
#endif
			if
			:: nstate != RUN -> prev1 = nstate; first_up = 1; nstate = RUN
			:: else -> skip
			fi;
			req1[me] = RUN;
			if
			:: call_finish || first_up == 1 -> FINISH_HOOK
			:: else -> skip
			fi;
			lock = NONE
		}
#ifndef OSI
	:: else ->
		/* PC mode, CPU-level request: the cluster cannot have left RUN. */
		d_step {
			if
			:: call_finish -> FINISH_HOOK
			:: else -> skip
			fi
		}
	fi
#endif
}

inline enter_ns()
{
	atomic {
		phase[me] = PH_NS;
		/* The normal world dirties the CPU's cache, which also evicts into the L2. */
		l1_dirty[me] = true;
		l2_dirty = true;
		FORGET
	}
}

proctype cpu(byte me)
{
	byte r0, r1, rl, t1, i, first_up, prev1, kind;
	bool pd, owned, keep, on, call_finish;

	if
	:: me == 0 -> goto ns
	:: else -> goto end_off
	fi;

ns:
	enter_ns();
	do
	:: /* CPU_ON(i): one winner per target through the CAS on aff_info. */
		atomic {
			select(i : 0 .. NCPU - 1);
			if
			:: aff[i] == AFF_OFF -> aff[i] = AFF_PENDING; on_req[i] = true
			:: else -> skip /* ALREADY_ON / ON_PENDING */
			fi;
			i = 0
		}
	:: kind = K_OFF; r0 = OFF; r1 = OFF; break
	:: kind = K_SUSPEND; r0 = RET; r1 = RUN; break /* CPU standby */
	:: kind = K_SUSPEND; r0 = RET; r1 = RET; break /* cluster retention */
	:: kind = K_SUSPEND; r0 = OFF; r1 = RUN; break /* CPU power-down */
	:: kind = K_SUSPEND; r0 = OFF; r1 = RET; break /* ... with cluster retention */
	:: kind = K_SUSPEND; r0 = OFF; r1 = OFF; break /* cluster power-down */
	od;

	/* psci_enter_low_power() */
	atomic {
		phase[me] = PH_EL3;
		pd = (r0 == OFF);
		rl = (r1 != RUN -> 1 : 0)
	}
#ifndef BUG_FLUSH_LATE
	/* Step 1: the CPU's own cache into the cluster's, before announcing anything. */
	if
	:: pd -> d_step { l1_dirty[me] = false; l2_dirty = true }
	:: else -> skip
	fi;
#endif

	/* Phase 1, with the lock when the request reaches the cluster. */
	atomic {
		rl == 0 || lock == NONE ->
		if
		:: rl == 1 -> lock = me
		:: else -> skip
		fi;
#ifdef OSI
		/* psci_validate_osi(): DENIED if another CPU runs, INVALID_PARAMETERS if a
		 * sibling sits shallower than the requested cluster state. */
		if
		:: kind == K_SUSPEND && rl == 1 ->
			i = 0;
			do
			:: i < NCPU ->
				if
				:: i != me && (aff[i] == AFF_PENDING ||
					       (aff[i] == AFF_ON && core[i] == RUN)) -> keep = true
				:: i != me && core[i] < r1 -> keep = true
				:: else -> skip
				fi;
				i++
			:: else -> break
			od;
			i = 0
		:: else -> skip
		fi;
		if
		:: keep -> lock = NONE; goto ns /* the call returns an error */
		:: else -> skip
		fi;
#endif
		/* psci_coordinate_pc(): the shallowest vote of all CPUs (OSI: the request). */
		t1 = RUN;
		if
		:: rl == 1 ->
			req1[me] = r1;
			t1 = r1;
#ifdef OSI
			if
			:: kind == K_OFF ->
#endif
				i = 0;
				do
				:: i < NCPU ->
					if
					:: req1[i] < t1 -> t1 = req1[i]
					:: else -> skip
					fi;
					i++
				:: else -> break
				od;
				i = 0
#ifdef OSI
			:: else -> skip
			fi
#endif
		:: else -> skip
		fi;
		core[me] = r0;
		wake_level[me] = rl;
		/* psci_claim(): the last CPU becomes the pending owner. */
		if
		:: t1 != RUN ->
			assert(nstate == RUN);
			pending = t1;
			owner = me;
			owned = true
		:: else -> skip
		fi;
		if
		:: rl == 1 -> lock = NONE
		:: else -> skip
		fi
	}
#ifdef BUG_FLUSH_LATE
	if
	:: pd -> d_step { l1_dirty[me] = false; l2_dirty = true }
	:: else -> skip
	fi;
#endif

	/*
	 * Step 3, no lock: the last CPU flushes the cluster. Phases 2 and 5 under the lock:
	 * commit if still the owner, tell the platform, unlock.
	 */
	if
	:: owned ->
		if
		:: pd && t1 == OFF -> l2_dirty = false
		:: else -> skip
		fi;
		atomic {
			lock == NONE -> lock = me;
			if
			:: owner == me ->
				nstate = t1;
				owner = NONE;
#ifndef BUG_UNLOCK_EARLY
				TELL_PLATFORM;
#else
				keep = true;
#endif
			:: else -> skip /* cancelled by a wake-up, or taken over */
			fi;
			lock = NONE
		}
#ifdef BUG_UNLOCK_EARLY
		if
		:: keep -> d_step { TELL_PLATFORM }
		:: else -> skip
		fi;
#endif
	:: else -> skip
	fi;

	if
	:: !pd ->
		/* cpu_standby(): back on a wake-up event, which ends the retention. */
		phase[me] = PH_STANDBY;
		d_step { phase[me] = PH_EL3; core[me] = RUN; on = false; call_finish = (rl == 1) }
		psci_wake_locked();
		goto ns
	:: else -> skip
	fi;

	if
	:: kind == K_OFF -> aff[me] = AFF_OFF
	:: else -> skip
	fi;
	/* pwr_down_wfi(): a wake-up before the WFI abandons a suspend (never CPU_OFF). */
	if
	:: kind == K_SUSPEND ->
		d_step { core[me] = RUN; on = false; call_finish = true }
		psci_wake_locked();
		goto ns
	:: kind == K_SUSPEND -> d_step { phase[me] = PH_DOWN; FORGET }
	:: kind == K_OFF -> d_step { phase[me] = PH_OFF; FORGET }; goto end_off
	fi;
end_down:
	/* A wake-up event, any time: power up, secmon_psci_warmboot(), core = RUN. */
	atomic {
		phase[me] = PH_EL3;
		npower = true;
		assert(aff[me] == AFF_ON && core[me] != RUN);
		on = false;
		call_finish = true;
		core[me] = RUN
	}
	psci_wake_locked();
	goto ns;
end_off:
	/* CPU_ON's power-on request. */
	atomic {
		on_req[me] ->
		on_req[me] = false;
		phase[me] = PH_EL3;
		npower = true;
		assert(aff[me] == AFF_PENDING);
		on = true;
		call_finish = true;
		core[me] = RUN
	}
	psci_wake_locked();
	aff[me] = AFF_ON;
	goto ns
}

#define IS_DOWN(c) (phase[c] == PH_DOWN || phase[c] == PH_OFF)
#if NCPU == 2
#define ALL_DOWN (IS_DOWN(0) && IS_DOWN(1))
#elif NCPU == 3
#define ALL_DOWN (IS_DOWN(0) && IS_DOWN(1) && IS_DOWN(2))
#else
#define ALL_DOWN (IS_DOWN(0) && IS_DOWN(1) && IS_DOWN(2) && IS_DOWN(3))
#endif

/* The cluster powers off once every CPU in it is down and the platform was told OFF. */
active proctype controller()
{
	byte i;
end:
	do
	:: d_step {
		npower && prog == OFF && ALL_DOWN ->
		/* Nothing dirty may be lost with the cluster's caches. */
		assert(!l2_dirty);
		i = 0;
		do
		:: i < NCPU -> assert(!l1_dirty[i]); i++
		:: else -> break
		od;
		i = 0;
		npower = false;
		lost = true
	}
	od
}

/* Invariants of every reachable state (docs/psci.md, "Model-checked invariants"). */
#if NCPU == 2
#define FORALL(P) (P(0) && P(1))
#elif NCPU == 3
#define FORALL(P) (P(0) && P(1) && P(2))
#else
#define FORALL(P) (P(0) && P(1) && P(2) && P(3))
#endif
/* I1: a CPU in the normal world has its cluster powered, restored and meant to run. */
#define I1(c) (phase[c] != PH_NS || (npower && !lost && prog == RUN && nstate == RUN))
/* I2: ... and the engine sees it ON and running, voting RUN for the cluster. */
#define I2(c) (phase[c] != PH_NS || (aff[c] == AFF_ON && core[c] == RUN && req1[c] == RUN))
/* I3: a CPU in standby keeps its cluster powered (retention at most). */
#define I3(c) (phase[c] != PH_STANDBY || (npower && !lost && prog != OFF))
/* I4: AFFINITY_INFO says OFF only for a CPU that is off or on its way there. */
#define I4(c) (aff[c] != AFF_OFF || phase[c] == PH_EL3 || phase[c] == PH_OFF)
/* I5: a suspended CPU is ON for AFFINITY_INFO. */
#define I5(c) (phase[c] != PH_DOWN || aff[c] == AFF_ON)
/* I6: a pending power-down belongs to a CPU between its two phases. */
#define I6(c) (owner != c || (phase[c] == PH_EL3 && core[c] != RUN))

active proctype monitor()
{
end:
	atomic {
		!(FORALL(I1) && FORALL(I2) && FORALL(I3) && FORALL(I4) && FORALL(I5) &&
		  FORALL(I6)) ->
		assert(FORALL(I1));
		assert(FORALL(I2));
		assert(FORALL(I3));
		assert(FORALL(I4));
		assert(FORALL(I5));
		assert(FORALL(I6))
	}
}

init
{
	byte c;

	atomic {
		c = 0;
		do
		:: c < NCPU ->
			/* Cold boot: CPU 0 on, every other CPU off with an OFF vote. */
			aff[c] = (c == 0 -> AFF_ON : AFF_OFF);
			core[c] = (c == 0 -> RUN : OFF);
			req1[c] = (c == 0 -> RUN : OFF);
			wake_level[c] = 1;
			phase[c] = (c == 0 -> PH_NS : PH_OFF);
			c++
		:: else -> break
		od;
		c = 0;
		do
		:: c < NCPU -> run cpu(c); c++
		:: else -> break
		od
	}
}
