from tiebreaks.cli import main

raise SystemExit(main())
